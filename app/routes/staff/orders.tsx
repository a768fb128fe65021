import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { Field, SearchField, SelectField } from "~/components/ui/field";
import { StaffPageHeader, StaffFilterForm } from "~/components/ui/staff-page";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass } from "~/components/ui/styles";
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
import { listOrders } from "@server/orders/list-orders";
import { filteredListLoader } from "~/http/filtered-list.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/orders", args);

export const loader = filteredListLoader("staff", ZOrderFilters, listOrders);

const pageLink = (filters: TOrderFilters, page: number) => `/staff/orders${listQuery({ ...filters, page }, ORDER_FILTER_DEFAULTS)}`;
const SORT_OPTIONS = Object.entries(ORDER_SORTS) as [TOrderSort, string][];
const methodLabel = (m: string) =>
  m in PAYMENT_METHODS ? PAYMENT_METHODS[m as TPaymentMethod].replace(/ \((Paystack|Flutterwave)\)$/, "") : m;
const methodShort = (m: string) => ({ paystack: "Paystack", flutterwave: "Flutterwave" })[m] ?? methodLabel(m);
const STATUS_OPTIONS = ORDER_STATUS_KEYS.map((s) => [s, ORDER_STATUSES[s]] as const);
const METHOD_OPTIONS = PAYMENT_METHOD_KEYS.map((m) => [m, methodShort(m)] as const);

const ORDER_COLUMNS: TStaffColumn<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  {
    header: "Order",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (row) => (
      <Link
        to={`/staff/orders/${row.id}`}
        prefetch="intent"
        className="font-mono text-sm font-semibold text-brand underline-offset-2 hover:underline"
      >
        {formatOrderNumber(row.number)}
      </Link>
    ),
  },
  {
    header: "Customer",
    className: "min-w-0 max-w-72",
    cell: (row) => (
      <>
        <span className="block truncate font-medium">{row.customerName}</span>
        <span className="block truncate text-xs text-muted">{row.email}</span>
      </>
    ),
  },
  {
    header: "Total",
    align: "end",
    className: "whitespace-nowrap font-semibold",
    sort: { descending: "total-high", ascending: "total-low" },
    cell: (row) => formatKobo(row.totalKobo),
  },
  { header: "Payment", className: "text-muted", cell: (row) => methodShort(row.paymentMethod) },
  { header: "Status", cell: (row) => <OrderStatusBadge status={row.status} /> },
  {
    header: "Placed",
    className: "whitespace-nowrap text-muted",
    sort: { descending: "newest", ascending: "oldest" },
    cell: (row) => formatLagosDateTime(row.createdAt),
  },
];

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount } = loaderData;
  const filtered = filters.q || filters.status !== "all" || filters.method !== "all" || filters.from || filters.to;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Orders"
        intro="Store orders, newest first. Open one to confirm a transfer, move it along or see its timeline."
      />

      <StaffFilterForm label="Filter orders" className="grid grid-cols-2 gap-3 lg:grid-cols-[3fr_2fr_2fr_2fr_2fr_auto] lg:items-end">
        {/* Filtering keeps the chosen sort. */}
        {filters.sort !== ORDER_FILTER_DEFAULTS.sort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        <SearchField className="col-span-2 lg:col-span-1" value={filters.q} placeholder="Number, e-mail or name" />
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
      </StaffFilterForm>

      <StaffTable
        label="Orders"
        columns={ORDER_COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={() => ({ "data-testid": "order-row" })}
        count={{ total, pageSize: ORDERS_PAGE_SIZE, shown: rows.length, noun: "order", none: "No orders match.", testId: "orders-count" }}
        empty={{ filtered: !!filtered, clearTo: "/staff/orders", text: "Orders placed at checkout appear here." }}
        pages={{ page: page, pageCount: pageCount, hrefFor: (p) => pageLink(filters, p) }}
        sort={{
          options: SORT_OPTIONS,
          current: filters.sort,
          hrefFor: (sort) => `/staff/orders${listQuery({ ...filters, sort, page: 1 }, ORDER_FILTER_DEFAULTS)}`,
        }}
        download={{ href: `/staff/orders/export${listQuery({ ...filters, page: 1 }, ORDER_FILTER_DEFAULTS)}` }}
      />
    </div>
  );
}
