import { Form, Link } from "react-router";
import type { Route } from "./+types/subscribers";
import { BackLink } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { SearchField, SelectField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import { ZSubscriberSearch } from "@domain/zavcharge/sessions/session-input";
import { SUBSCRIBER_STATUS_FILTERS } from "@domain/zavcharge/accounts/account-rules";
import { StateBadge } from "~/components/zavcharge/state-badge";
import { metaFor } from "~/lib/meta";
import { requireRole } from "~/http/access.server";
import { listSubscribers, SUBSCRIBERS_PAGE_SIZE } from "@server/zavcharge/accounts/list-subscribers";
import { readQuery } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/zavcharge/subscribers", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const search = readQuery(request, ZSubscriberSearch);
  // The page size from here: a server module's constant imported by the component would bring its code to the browser.
  return { search, ...(await listSubscribers(search)), pageSize: SUBSCRIBERS_PAGE_SIZE };
}

const FILTER_LABELS = { all: "All", active: "Active", expired: "Plan expired", suspended: "Suspended", closed: "Closed" } as const;

const SUBSCRIBER_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  {
    header: "Subscription",
    rowHeader: true,
    cell: (r) => (
      <Link to={`/staff/zavcharge/subscribers/${r.code}`} className="font-mono font-semibold text-brand underline">
        {r.code}
      </Link>
    ),
  },
  {
    header: "Driver",
    className: "break-words",
    cell: (r) => (
      <>
        <span className="block">{r.name || "(closed account)"}</span>
        <span className="block text-xs text-muted">{[r.email, r.phone].filter(Boolean).join(" · ")}</span>
      </>
    ),
  },
  {
    header: "Plan",
    cell: (r) => `${r.planName}${r.planExpiresAt ? `, until ${formatLagosDate(r.planExpiresAt)}` : ""}`,
  },
  { header: "Joined", hideOnPhone: true, className: "whitespace-nowrap", cell: (r) => formatLagosDate(r.createdAt) },
  { header: "Balance", align: "end", className: "whitespace-nowrap font-semibold", cell: (r) => formatKobo(r.balanceKobo) },
  { header: "State", cell: (r) => <StateBadge state={r.state} /> },
];

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { search, rows, total, page, pageCount, pageSize } = loaderData;
  const filtered = !!search.q || search.status !== "all";
  const hrefFor = (p: number) => `?${new URLSearchParams({ q: search.q, status: search.status, page: String(p) })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/zavcharge">ZavCharge</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Subscribers</h1>
        <p className="mt-1 text-muted">ZavCharge accounts, their state and wallet balance.</p>
      </header>
      <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end" role="search">
        <SearchField id="q" value={search.q} placeholder="Subscription ID, name, e-mail or phone" />
        <SelectField
          id="status"
          label="State"
          name="status"
          defaultValue={search.status}
          options={SUBSCRIBER_STATUS_FILTERS.map((s) => [s, FILTER_LABELS[s]] as const)}
        />
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
      </Form>
      <StaffTable
        label="Subscribers"
        columns={SUBSCRIBER_COLUMNS}
        rows={rows}
        rowKey={(r) => r.code}
        rowProps={() => ({ "data-testid": "subscriber-row" })}
        count={{
          total,
          pageSize,
          shown: rows.length,
          noun: "subscriber",
          none: "No subscriber matches.",
          testId: "subscriber-count",
        }}
        empty={{ filtered: filtered, clearTo: "/staff/zavcharge/subscribers", text: "No ZavCharge accounts yet." }}
        pages={{ page, pageCount, hrefFor }}
      />
    </div>
  );
}
