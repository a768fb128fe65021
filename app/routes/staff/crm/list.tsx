import { Upload, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
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
import { parseCrmFilters, parseIdList, ZCrmAssignMany, ZCrmTagMany, ZSavedView, ZSavedViewDelete } from "@domain/crm/crm-input";
import { parseThen, refuse } from "@domain/errors/app-error";
import { formatLagosDate } from "@domain/time/lagos-time";
import { assignCrmContacts } from "@server/crm/assign-crm-contacts";
import { listCrmContacts } from "@server/crm/list-contacts";
import { deleteCrmView, listCrmViews, saveCrmView } from "@server/crm/saved-crm-views";
import { tagCrmContacts } from "@server/crm/tag-crm-contacts";
import { listTeam } from "@server/users/list-team";
import { CrmStatusBadge, TagList } from "~/components/crm/crm-badges";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { StaffList, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, inputClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readFormData, textFields } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

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
  switch (fields.intent) {
    case "bulk": {
      const ids = parseIdList(form.getAll("id").map(String).join(","));
      const plural = (n: number) => `${n} record${n === 1 ? "" : "s"}`;
      if (fields.bulk === "tag") {
        const result = await parseThen(ZCrmTagMany, fields, ["tags"], (input) => tagCrmContacts(staff, ids, input.tags));
        return actionResponse(request, fields, result, {
          done: (r) => `Tagged ${plural(r.contacts)}: ${r.tags.join(", ")}`,
          failedTitle: "Nothing tagged",
        });
      }
      const result = await parseThen(ZCrmAssignMany, fields, ["ownerId"], (input) => assignCrmContacts(staff, ids, input.ownerId));
      return actionResponse(request, fields, result, {
        done: (r) =>
          r.changed === 0
            ? "Nothing to change: they were already so"
            : r.ownerName
              ? `${plural(r.changed)} given to ${r.ownerName}`
              : `${plural(r.changed)} now without an owner`,
        failedTitle: "Nothing assigned",
      });
    }
    case "save-view": {
      // The query is parsed and written again: a saved view holds only the list's own filters.
      const result = await parseThen(ZSavedView, fields, ["name"], (input) =>
        saveCrmView(staff.id, { name: input.name, query: crmQuery({ ...parseCrmFilters(new URLSearchParams(input.query)), page: 1 }) }),
      );
      return actionResponse(request, fields, result, { done: (r) => `View "${r.name}" saved`, failedTitle: "View not saved" });
    }
    case "delete-view": {
      const result = await parseThen(ZSavedViewDelete, fields, [], (input) => deleteCrmView(staff.id, input.viewId));
      return actionResponse(request, fields, result, { done: () => "View deleted", failedTitle: "View not deleted" });
    }
    default:
      return actionResponse(request, fields, refuse("invalid_input", "Unknown action"), { done: () => "", failedTitle: "Nothing changed" });
  }
}

function SavedViews({ views, current }: { views: { id: number; name: string; query: string }[]; current: string }) {
  const fetcher = useFetcher<TActionAnswer>();
  useActionToast(fetcher, { errors: "toast" });
  if (views.length === 0) return null;
  return (
    <nav aria-label="Saved views" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium">Saved views:</span>
      {views.map((v) => (
        <span key={v.id} className="inline-flex items-center rounded-full border border-line bg-surface text-sm">
          <Link
            to={v.query ? `?${v.query}` : "?"}
            className={`rounded-l-full px-3 py-1.5 ${v.query === current ? "font-semibold text-brand" : ""}`}
            aria-current={v.query === current ? "page" : undefined}
          >
            {v.name}
          </Link>
          <fetcher.Form method="post">
            <JsFlag />
            <input type="hidden" name="intent" value="delete-view" />
            <input type="hidden" name="viewId" value={v.id} />
            <button type="submit" className="flex min-h-8 min-w-8 items-center justify-center rounded-r-full text-muted hover:text-danger">
              <X className="h-4 w-4" aria-hidden />
              <span className="sr-only">Delete the view {v.name}</span>
            </button>
          </fetcher.Form>
        </span>
      ))}
    </nav>
  );
}

function SaveView({ query }: { query: string }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError } = useActionToast(fetcher);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" ref={form} className="flex flex-wrap items-end gap-2" aria-label="Save these filters as a view">
      <JsFlag />
      <input type="hidden" name="intent" value="save-view" />
      <input type="hidden" name="query" value={query} />
      <Field
        label="Save these filters as"
        name="name"
        maxLength={60}
        required
        placeholder="e.g. Lagos solar leads"
        error={fieldError("name")}
      />
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Save view
      </button>
    </fetcher.Form>
  );
}

const SORT_OPTIONS = [["activity", "Recent activity"], ...Object.entries(CRM_SORTS)] as const;

export default function CrmList({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filters, tags, team, views, me } = loaderData;
  const query = crmQuery({ ...filters, page: 1 });
  const filtered = isFiltered(filters);
  const bulk = useFetcher<TActionAnswer>();
  const { busy } = useActionToast(bulk, { errors: "toast" });
  const bulkForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (bulk.state === "idle" && bulk.data?.ok) bulkForm.current?.reset();
  }, [bulk.state, bulk.data]);
  const ownerOptions = [
    ["me", "Mine"],
    ["none", "Nobody"],
    ...team.filter((m) => m.id !== me).map((m) => [m.id, m.name] as const),
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
        <Field
          label="Name, e-mail or phone"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          className="sm:col-span-2"
        />
        <FilterSelect
          label="Status"
          name="status"
          value={filters.status}
          all="Any status"
          options={CRM_STATUSES.map((s) => [s, CRM_STATUS_LABEL[s]])}
        />
        <FilterSelect label="Tag" name="tag" value={filters.tag} all="Any tag" options={tags.map((t) => [t, t])} />
        <FilterSelect
          label="Source"
          name="source"
          value={filters.source}
          all="Any source"
          options={CRM_SOURCES.map((s) => [s, CRM_SOURCE_LABEL[s]])}
        />
        <FilterSelect label="Owner" name="owner" value={filters.owner} all="Anyone" options={ownerOptions} />
        <FilterSelect
          label="Last activity"
          name="activity"
          value={filters.activity}
          all="Any time"
          options={ACTIVITY_WINDOWS.map((w) => [w, ACTIVITY_WINDOW_LABEL[w]])}
        />
        <FilterSelect
          label="Has ordered"
          name="ordered"
          value={filters.ordered}
          all="Either"
          options={[
            ["yes", "Has paid for an order"],
            ["no", "Has not ordered"],
          ]}
        />
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
          total: total,
          first: (page - 1) * CRM_PAGE_SIZE + 1,
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
        sort={{
          options: SORT_OPTIONS,
          current: filters.sort ?? "activity",
          hrefFor: (sort) => `?${crmQuery({ ...filters, sort: sort === "activity" ? null : (sort as TCrmSort), page: 1 })}`,
        }}
        download={{ href: `/staff/crm/export${query ? `?${query}` : ""}` }}
      >
        <bulk.Form method="post" ref={bulkForm} className="space-y-3" aria-label="Tag or assign the ticked records">
          <JsFlag />
          <input type="hidden" name="intent" value="bulk" />
          <fieldset className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-surface-2 p-3">
            <legend className="sr-only">With the ticked records</legend>
            <div>
              <label htmlFor="bulk-tags" className="mb-1 block text-sm font-medium">
                Tags (comma between)
              </label>
              <input id="bulk-tags" name="tags" maxLength={400} className={inputClass} placeholder="solar, abuja" />
            </div>
            <button type="submit" name="bulk" value="tag" className={buttonClass.outline} disabled={busy}>
              Tag ticked
            </button>
            <div>
              <label htmlFor="bulk-owner" className="mb-1 block text-sm font-medium">
                Owner
              </label>
              <select id="bulk-owner" name="ownerId" className={inputClass} defaultValue={me}>
                <option value="">Nobody</option>
                {team.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                    {m.id === me ? " (you)" : ""}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" name="bulk" value="assign" className={buttonClass.outline} disabled={busy}>
              Assign ticked
            </button>
          </fieldset>
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="crm-rows">
            {rows.map((r) => (
              <li key={r.id} className="flex items-start gap-3 p-4">
                <input
                  type="checkbox"
                  name="id"
                  value={r.id}
                  id={`tick-${r.id}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand"
                  aria-label={`Tick ${r.name ?? r.email}`}
                />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link to={`/staff/crm/${r.id}`} className="font-semibold text-brand underline break-all">
                      {r.name ?? r.email}
                    </Link>
                    <CrmStatusBadge status={r.status} />
                  </p>
                  <p className="text-sm break-all">
                    {r.email}
                    {r.phone ? ` · ${r.phone}` : ""}
                  </p>
                  <p className="text-xs text-muted">
                    {CRM_SOURCE_LABEL[r.source]} · {r.ownerName ? `Owner: ${r.ownerName}` : "No owner"} · last activity{" "}
                    {formatLagosDate(r.lastActivityAt)}
                    {r.paidOrders ? ` · ${r.paidOrders} paid order${r.paidOrders === 1 ? "" : "s"}` : ""}
                  </p>
                  <TagList tags={r.tags} />
                </div>
              </li>
            ))}
          </ul>
        </bulk.Form>
      </StaffList>
    </div>
  );
}

function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string | null;
  all: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
