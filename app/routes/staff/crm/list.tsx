import { Upload } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/list";
import {
  ACTIVITY_WINDOW_LABEL,
  ACTIVITY_WINDOWS,
  CRM_PAGE_SIZE,
  CRM_SORTS,
  CRM_SOURCE_LABEL,
  CRM_SOURCES,
  CRM_STATUS_LABEL,
  CRM_STATUSES,
  crmQuery,
  isFiltered,
  type TCrmSort,
} from "@domain/crm/crm";
import { parseCrmFilters } from "@domain/crm/crm-input";
import { formatLagosDate } from "@domain/time/lagos-time";
import { listCrmContacts } from "@server/crm/list-contacts";
import { listCrmViews } from "@server/crm/saved-crm-views";
import { listTeam } from "@server/users/list-team";
import { CrmStatusBadge, TagList } from "~/components/crm/crm-badges";
import { SavedViews, SaveView } from "~/components/crm/crm-saved-views";
import { Field, SearchField, SelectField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { StaffList, StaffPageHeader } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { answerPageIntent } from "~/http/page-intents.server";
import { readFormData, textFields } from "~/http/request-input.server";
import { useClearingForm } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { CRM_LIST_INTENTS } from "./list-actions.server";

// The CRM list (docs/product/crm.md#the-list): every record, searched and filtered, saved views, CSV, bulk tag and assign.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/crm", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireRole(context, request, "staff");
  const filters = parseCrmFilters(new URL(request.url).searchParams);
  const [list, team, views] = await Promise.all([listCrmContacts(filters, staff.id), listTeam(), listCrmViews(staff.id)]);
  return {
    ...list,
    rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastActivityAt: r.lastActivityAt.toISOString() })),
    team,
    views,
    me: staff.id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const form = await readFormData(request);
  const fields = textFields(form);
  return answerPageIntent(CRM_LIST_INTENTS, fields, { request, staff, form }, (refusal) =>
    actionResponse(request, fields, refusal, { done: () => "", failedTitle: "Nothing changed" }),
  );
}

const ORDERED_OPTIONS = [
  ["yes", "Has paid for an order"],
  ["no", "Has not ordered"],
] as const;
const SORT_OPTIONS = [["activity", "Recent activity"], ...Object.entries(CRM_SORTS)] as const;

type TCrmRow = Route.ComponentProps["loaderData"]["rows"][number];

// The tick column belongs to the bulk form around the table: the ticked ids are its "id" fields.
const CRM_COLUMNS: TStaffColumn<TCrmRow>[] = [
  {
    header: "Tick",
    headerHidden: true,
    cell: (r) => (
      <input
        type="checkbox"
        name="id"
        value={r.id}
        id={`tick-${r.id}`}
        className="h-5 w-5 accent-brand"
        aria-label={`Tick ${r.name ?? r.email}`}
      />
    ),
  },
  {
    header: "Name",
    rowHeader: true,
    sort: { ascending: "name" },
    cell: (r) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link to={`/staff/crm/${r.id}`} className="text-brand underline break-all">
          {r.name ?? r.email}
        </Link>
        <CrmStatusBadge status={r.status} />
      </span>
    ),
  },
  {
    header: "Contact",
    className: "break-all",
    cell: (r) => (
      <>
        {r.email}
        {r.phone ? <span className="block text-muted">{r.phone}</span> : null}
      </>
    ),
  },
  { header: "Source", cell: (r) => CRM_SOURCE_LABEL[r.source] },
  { header: "Owner", cell: (r) => r.ownerName ?? "No owner" },
  {
    header: "Last activity",
    sort: { descending: "activity" },
    className: "whitespace-nowrap",
    cell: (r) => formatLagosDate(r.lastActivityAt),
  },
  { header: "Paid orders", align: "end", cell: (r) => r.paidOrders },
  { header: "Tags", cell: (r) => <TagList tags={r.tags} /> },
];

export default function CrmList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filters, tags, team, views, me } = loaderData;
  const query = crmQuery({ ...filters, page: 1 });
  const filtered = isFiltered(filters);
  const { fetcher: bulk, ref: bulkForm, busy } = useClearingForm({ errors: "toast" });
  const sort = {
    options: SORT_OPTIONS,
    current: filters.sort ?? "activity",
    hrefFor: (sort: string) => `?${crmQuery({ ...filters, sort: sort === "activity" ? null : (sort as TCrmSort), page: 1 })}`,
  };
  const ownerOptions = [
    ["me", "Mine"],
    ["none", "Nobody"],
    ...team.filter((m) => m.id !== me).map((m) => [m.id, m.name] as const),
  ] as const;
  // The list's filters, each a select whose empty choice is "any".
  const filterSelects = [
    { name: "status", label: "Status", placeholder: "Any status", options: CRM_STATUSES.map((s) => [s, CRM_STATUS_LABEL[s]] as const) },
    { name: "tag", label: "Tag", placeholder: "Any tag", options: tags.map((t) => [t, t] as const) },
    { name: "source", label: "Source", placeholder: "Any source", options: CRM_SOURCES.map((s) => [s, CRM_SOURCE_LABEL[s]] as const) },
    { name: "owner", label: "Owner", placeholder: "Anyone", options: ownerOptions },
    {
      name: "activity",
      label: "Last activity",
      placeholder: "Any time",
      options: ACTIVITY_WINDOWS.map((w) => [w, ACTIVITY_WINDOW_LABEL[w]] as const),
    },
    { name: "ordered", label: "Has ordered", placeholder: "Either", options: ORDERED_OPTIONS },
  ] as const;

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <StaffPageHeader
          title="Customers"
          intro="One record per e-mail address, from accounts, the newsletter, messages, bookings, orders, ZavCharge and the academy."
        />
        <div className="flex flex-wrap gap-2">
          <Link to="/staff/crm/imports" className={buttonClass.outline}>
            <Upload className="h-4 w-4" aria-hidden /> Import
          </Link>
        </div>
      </div>
      <SavedViews views={views} current={query} />
      <Form
        method="get"
        className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label="Find customers"
      >
        {/* Searching keeps the chosen sort. */}
        {filters.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        <SearchField label="Name, e-mail or phone" value={filters.q} maxLength={100} className="sm:col-span-2" />
        {filterSelects.map(({ name, ...select }) => (
          <SelectField key={name} id={`filter-${name}`} name={name} defaultValue={filters[name] ?? ""} {...select} />
        ))}
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            Show
          </button>
          {filtered ? (
            <Link to="/staff/crm" className={buttonClass.outline}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {filtered ? <SaveView query={query} /> : null}
      <StaffList
        count={{
          total,
          pageSize: CRM_PAGE_SIZE,
          shown: rows.length,
          noun: "record",
          none: "Nobody matches.",
          testId: "crm-count",
        }}
        empty={{
          filtered: filtered,
          clearTo: "/staff/crm",
          text: "No records yet: they appear as people sign up, subscribe, write, book or order.",
        }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => `?${crmQuery({ ...filters, page: p })}` }}
        sort={sort}
        download={{ href: `/staff/crm/export${query ? `?${query}` : ""}` }}
      >
        <bulk.Form method="post" ref={bulkForm} className="space-y-3" aria-label="Tag or assign the ticked records">
          <JsFlag />
          <input type="hidden" name="intent" value="bulk" />
          <fieldset className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface-2 p-3">
            <legend className="sr-only">With the ticked records</legend>
            <Field id="bulk-tags" label="Tags (comma between)" name="tags" maxLength={400} placeholder="solar, abuja" />
            <button type="submit" name="bulk" value="tag" className={buttonClass.outline} disabled={busy}>
              Tag ticked
            </button>
            <SelectField
              id="bulk-owner"
              label="Owner"
              name="ownerId"
              defaultValue={me}
              placeholder="Nobody"
              options={team.map((m) => [m.id, m.id === me ? `${m.name} (you)` : m.name] as const)}
            />
            <button type="submit" name="bulk" value="assign" className={buttonClass.outline} disabled={busy}>
              Assign ticked
            </button>
          </fieldset>
          <StaffTable label="Customers" columns={CRM_COLUMNS} rows={rows} rowKey={(r) => r.id} testId="crm-rows" sort={sort} empty={null} />
        </bulk.Form>
      </StaffList>
    </div>
  );
}
