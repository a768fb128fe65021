import { Link } from "react-router";
import type { Route } from "./+types/abandoned-carts";
import { StaffPageHeader, StaffSection } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { cardClass } from "~/components/ui/styles";
import {
  ABANDONED_CART_FILTER_DEFAULTS,
  ABANDONED_CARTS_PAGE_SIZE,
  ABANDONMENT_STATE_LABEL,
  ABANDONMENT_STATES,
  abandonmentNote,
  abandonmentState,
  CONSENT_BASIS_LABEL,
  FIGURES_DAYS,
  recoveryRatePercent,
  type TAbandonmentState,
  type TConsentBasis,
} from "@domain/cart/abandoned-carts";
import { ZAbandonedCartFilters, type TAbandonedCartFilters } from "@domain/cart/abandoned-cart-filters-input";
import { formatKobo } from "@domain/money/money";
import { listQuery } from "@domain/orders/order-filters";
import { formatOrderNumber } from "@domain/orders/order-status";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { getSettingsFrom, requireRole } from "~/http/access.server";
import { metaFor } from "~/lib/meta";
import { abandonedCartFigures, listAbandonedCarts } from "@server/cart/list-abandoned-carts";
import { readQuery } from "~/http/request-input.server";
import { StatusPill } from "~/components/ui/status-pill";

// Abandoned carts (docs/product/store-and-orders.md#abandoned-carts): who left what, the reminders sent, what came back.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/abandoned-carts", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const filters = readQuery(request, ZAbandonedCartFilters);
  const [list, figures] = await Promise.all([listAbandonedCarts(filters), abandonedCartFigures()]);
  const settings = getSettingsFrom(context);
  return {
    filters,
    figures,
    afterHours: settings.abandonedCartAfterHours,
    remindersOn: settings.abandonedCartReminders,
    ...list,
    rows: list.rows.map((r) => ({ ...r, state: abandonmentState(r), note: abandonmentNote(r) })),
  };
}

const pageLink = (filters: TAbandonedCartFilters, page: number) =>
  `/staff/abandoned-carts${listQuery({ ...filters, page }, ABANDONED_CART_FILTER_DEFAULTS)}`;

// The word carries the meaning; the colour only groups: waiting (accent), reminded and recovered (brand), stopped (muted).
const TONE: Record<TAbandonmentState, string> = {
  waiting: "border-accent/60 text-accent",
  reminded: "border-brand/60 text-brand",
  recovered: "border-brand bg-brand text-brand-contrast",
  not_remindable: "border-line text-muted",
};

function StateBadge({ state }: { state: TAbandonmentState }) {
  return (
    <StatusPill tone={TONE[state]} testId="cart-state">
      {ABANDONMENT_STATE_LABEL[state]}
    </StatusPill>
  );
}

function Figure({ label, value, hint, testId, wide }: { label: string; value: string; hint?: string; testId: string; wide?: boolean }) {
  return (
    <div className={`min-w-0 rounded-xl border border-line p-3 ${wide ? "col-span-2 sm:col-span-1" : ""}`}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="break-words text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

const reminders = (n: number) => (n === 0 ? "None sent" : n === 1 ? "1 of 2 sent" : "2 of 2 sent");

const CART_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  {
    header: "Customer",
    rowHeader: true,
    className: "font-normal",
    cell: (r) => (
      <>
        <Link to={`/staff/crm?q=${encodeURIComponent(r.email)}`} className="font-semibold text-brand underline">
          {r.customerName}
        </Link>
        <span className="block break-all text-sm text-muted">{r.email}</span>
      </>
    ),
  },
  { header: "State", cell: (r) => <StateBadge state={r.state} /> },
  {
    header: "Cart",
    className: "min-w-48",
    cell: (r) => (
      <>
        {r.items.map((i) => `${i.quantity} x ${i.name}`).join(" · ")}
        {r.note || r.restoredAt ? (
          <span className="mt-1 block text-xs text-muted" data-testid="cart-note">
            {[r.note, r.restoredAt ? `Opened the link back to the cart ${formatLagosDateTime(r.restoredAt)}` : null]
              .filter(Boolean)
              .join(" · ")}
          </span>
        ) : null}
      </>
    ),
  },
  { header: "Value", align: "end", className: "whitespace-nowrap font-semibold", cell: (r) => formatKobo(r.valueKobo) },
  {
    header: "Abandoned",
    className: "whitespace-nowrap",
    cell: (r) => <time dateTime={new Date(r.abandonedAt).toISOString()}>{formatLagosDateTime(r.abandonedAt)}</time>,
  },
  {
    header: "Reminders",
    cell: (r) => (
      <span data-testid="cart-reminders">
        {reminders(r.remindersSent)}
        {r.lastReminderAt ? <span className="block text-xs text-muted">last {formatLagosDateTime(r.lastReminderAt)}</span> : null}
      </span>
    ),
  },
  {
    header: "Outcome",
    cell: (r) => (
      <>
        <span className="block text-xs text-muted">{r.state === "recovered" ? "Recovered by" : "Contact basis"}</span>
        <span data-testid="cart-outcome">
          {r.state === "recovered" && r.orderId && r.orderNumber ? (
            <>
              <Link to={`/staff/orders/${r.orderId}`} className="font-mono font-semibold text-brand underline">
                {formatOrderNumber(r.orderNumber)}
              </Link>{" "}
              <span className="tabular-nums">{formatKobo(r.recoveredValueKobo ?? 0)}</span>
            </>
          ) : r.consentBasis ? (
            CONSENT_BASIS_LABEL[r.consentBasis as TConsentBasis]
          ) : (
            "None"
          )}
        </span>
      </>
    ),
  },
];

export default function AbandonedCarts({ loaderData }: Route.ComponentProps) {
  const { filters, figures, rows, total, page, pageCount, afterHours, remindersOn } = loaderData;
  const rate = recoveryRatePercent(figures);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Abandoned carts"
        intro={`Customers' carts left untouched for ${afterHours} hour${afterHours === 1 ? "" : "s"} or more, the reminders we sent and the orders that brought them back. Times are Lagos time.`}
      />
      {!remindersOn ? (
        <p className="rounded-xl border border-accent/60 p-3 text-sm" role="status">
          Reminders are switched off in the admin settings: carts are recorded and wait.
        </p>
      ) : null}

      <StaffSection titleId="figures-title" title={`Last ${FIGURES_DAYS} days`} className={`${cardClass} space-y-3`}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <Figure label="Abandoned" value={figures.abandoned.toLocaleString("en-NG")} testId="figure-abandoned" />
          <Figure label="Reminded" value={figures.reminded.toLocaleString("en-NG")} testId="figure-reminded" />
          <Figure label="Recovered" value={figures.recovered.toLocaleString("en-NG")} testId="figure-recovered" />
          <Figure label="Recovery rate" value={rate === null ? "–" : `${rate}%`} hint="Recovered out of reminded" testId="figure-rate" />
          <Figure label="Value recovered" value={formatKobo(figures.recoveredValueKobo)} hint="Order totals" testId="figure-value" wide />
        </dl>
      </StaffSection>

      <nav aria-label="Filter by state" className="flex flex-wrap gap-2">
        {(["all", ...ABANDONMENT_STATES] as const).map((state) => {
          const current = filters.state === state;
          return (
            <Link
              key={state}
              to={pageLink({ state, page: 1 }, 1)}
              aria-current={current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                current ? "border-brand bg-brand text-brand-contrast" : "border-line bg-surface hover:bg-surface-2"
              }`}
            >
              {state === "all" ? "All" : ABANDONMENT_STATE_LABEL[state]}
            </Link>
          );
        })}
      </nav>

      <StaffTable
        label="Abandoned carts"
        columns={CART_COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ "data-testid": "abandoned-cart" })}
        count={{
          total,
          pageSize: ABANDONED_CARTS_PAGE_SIZE,
          shown: rows.length,
          noun: "cart",
          none: "No carts here.",
          testId: "abandoned-count",
        }}
        empty={{
          filtered: filters.state !== "all",
          clearTo: "/staff/abandoned-carts",
          text: <>No cart has been left yet. A customer&apos;s cart appears here once nobody has touched it for {afterHours} hours.</>,
        }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => pageLink(filters, p) }}
      />
    </div>
  );
}
