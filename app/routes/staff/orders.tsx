import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { Field, SelectField } from "~/components/ui/field";
import { StaffList, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { listQuery, ORDERS_PAGE_SIZE, ORDER_FILTER_DEFAULTS, ORDER_SORTS, type TOrderSort } from "@domain/orders/order-filters";
import { ZOrderFilters, type TOrderFilters } from "@domain/orders/order-filters-input";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { formatKobo } from "@domain/money/money";
import {
  formatOrderNumber,
  ORDER_STATUS_KEYS,
  ORDER_STATUSES,
  PAYMENT_METHOD_KEYS,
  PAYMENT_METHODS,
  type TPaymentMethod,
} from "@domain/orders/order-status";
import { requireRole } from "~/http/access.server";
import { listOrders } from "@server/orders/list-orders";
import { readQuery } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/orders", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const filters = readQuery(request, ZOrderFilters);
  return { filters, ...(await listOrders(filters)) };
}

const pageLink = (filters: TOrderFilters, page: number) => `/staff/orders${listQuery({ ...filters, page }, ORDER_FILTER_DEFAULTS)}`;
const SORT_OPTIONS = Object.entries(ORDER_SORTS) as [TOrderSort, string][];
const methodLabel = (m: string) =>
  m in PAYMENT_METHODS ? PAYMENT_METHODS[m as TPaymentMethod].replace(/ \((Paystack|Flutterwave)\)$/, "") : m;
const methodShort = (m: string) => ({ paystack: "Paystack", flutterwave: "Flutterwave" })[m] ?? methodLabel(m);
const STATUS_OPTIONS = ORDER_STATUS_KEYS.map((s) => [s, ORDER_STATUSES[s]] as const);
const METHOD_OPTIONS = PAYMENT_METHOD_KEYS.map((m) => [m, methodShort(m)] as const);

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  const location = useLocation();
  const first = total === 0 ? 0 : (page - 1) * ORDERS_PAGE_SIZE + 1;
  const filtered = filters.q || filters.status !== "all" || filters.method !== "all" || filters.from || filters.to;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Orders"
        intro="Store orders, newest first. Open one to confirm a transfer, move it along or see its timeline."
      />

      {/* A plain GET form: filters live in the address, so a filtered list can be shared and reloaded. */}
      <Form
        method="get"
        key={location.search}
        className={`${cardClass} grid grid-cols-2 gap-3 lg:grid-cols-[3fr_2fr_2fr_2fr_2fr_auto] lg:items-end`}
        role="search"
        aria-label="Filter orders"
      >
        {/* Filtering keeps the chosen sort. */}
        {filters.sort !== ORDER_FILTER_DEFAULTS.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        <Field
          className="col-span-2 lg:col-span-1"
          label="Search"
          name="q"
          type="search"
          defaultValue={filters.q}
          placeholder="Number, e-mail or name"
        />
        <SelectField label="Status" name="status" defaultValue={filters.status} options={STATUS_OPTIONS}>
          <option value="all">All statuses</option>
        </SelectField>
        <SelectField label="Payment" name="method" defaultValue={filters.method} options={METHOD_OPTIONS}>
          <option value="all">All methods</option>
        </SelectField>
        <Field label="Placed from" name="from" type="date" defaultValue={filters.from} />
        <Field label="Placed to" name="to" type="date" defaultValue={filters.to} />
        <button type="submit" className={`${buttonClass.primary} col-span-2 lg:col-span-1`}>
          Apply
        </button>
      </Form>

      <StaffList
        count={{ total: total, first: first, shown: rows.length, noun: "order", none: "No orders match.", testId: "orders-count" }}
        empty={{ filtered: !!filtered, clearTo: "/staff/orders", text: "Orders placed at checkout appear here." }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => pageLink(filters, p) }}
        sort={{
          options: SORT_OPTIONS,
          current: filters.sort,
          hrefFor: (sort) => `/staff/orders${listQuery({ ...filters, sort, page: 1 }, ORDER_FILTER_DEFAULTS)}`,
        }}
        download={{ href: `/staff/orders/export${listQuery({ ...filters, page: 1 }, ORDER_FILTER_DEFAULTS)}` }}
      >
        <div className={`${cardClass} !p-0`}>
          <div
            className="hidden grid-cols-[7rem_minmax(0,2fr)_8rem_minmax(0,1fr)_9.5rem_9rem] gap-3 border-b border-line px-4 py-2 text-xs font-semibold uppercase tracking-wide text-muted lg:grid"
            aria-hidden
          >
            <span>Order</span>
            <span>Customer</span>
            <span className="text-right">Total</span>
            <span>Payment</span>
            <span>Status</span>
            <span>Placed</span>
          </div>
          <ul className="divide-y divide-line" aria-label="Orders">
            {rows.map((row) => (
              <li key={row.id} data-testid="order-row">
                <Link
                  to={`/staff/orders/${row.id}`}
                  prefetch="intent"
                  className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-surface-2 lg:grid-cols-[7rem_minmax(0,2fr)_8rem_minmax(0,1fr)_9.5rem_9rem]"
                >
                  <span className="order-1 font-mono text-sm font-semibold text-brand lg:order-none">{formatOrderNumber(row.number)}</span>
                  <span className="order-3 col-span-2 min-w-0 lg:order-none lg:col-span-1">
                    <span className="block truncate font-medium">{row.customerName}</span>
                    <span className="block truncate text-xs text-muted">{row.email}</span>
                  </span>
                  <span className="order-4 text-sm font-semibold lg:order-none lg:text-right">{formatKobo(row.totalKobo)}</span>
                  <span className="order-5 text-right text-sm text-muted lg:order-none lg:text-left">{methodShort(row.paymentMethod)}</span>
                  <span className="order-2 justify-self-end lg:order-none lg:justify-self-start">
                    <OrderStatusBadge status={row.status} />
                  </span>
                  <span className="order-6 col-span-2 text-xs text-muted lg:order-none lg:col-span-1 lg:text-sm">
                    {formatLagosDateTime(row.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </StaffList>
    </div>
  );
}
