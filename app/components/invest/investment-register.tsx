import { Form, Link } from "react-router";
import { INVESTMENT_STATUS_LABEL, INVESTMENT_STATUSES, type TInvestmentStatus } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { SearchField, SelectField } from "~/components/ui/field";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass } from "~/components/ui/styles";

// The register of every investment (docs/product/investments.md): searched by name, e-mail or reference, filtered by
// status, a page at a time, and exported as CSV with the same filters.

export type TInvestmentRegisterRow = {
  id: number;
  reference: string;
  name: string;
  email: string;
  tierName: string;
  principalKobo: number;
  status: TInvestmentStatus;
  placedAt: Date | string;
  activatedAt: Date | string | null;
  maturesAt: Date | string | null;
  orderId: string;
  orderNumber: string;
};

export type TInvestmentRegister = {
  rows: TInvestmentRegisterRow[];
  total: number;
  page: number;
  pageCount: number;
  filters: { q: string | null; status: TInvestmentStatus | null };
};

const REGISTER_COLUMNS: TStaffColumn<TInvestmentRegisterRow>[] = [
  { header: "Reference", rowHeader: true, className: "font-mono whitespace-nowrap", cell: (r) => r.reference },
  {
    header: "Investor",
    cell: (r) => (
      <>
        <span className="block font-medium">{r.name}</span>
        <span className="block text-xs break-all text-muted">{r.email}</span>
      </>
    ),
  },
  { header: "Tier", cell: (r) => r.tierName },
  { header: "Principal", align: "end", className: "whitespace-nowrap", cell: (r) => formatKobo(r.principalKobo) },
  { header: "Status", className: "whitespace-nowrap", cell: (r) => INVESTMENT_STATUS_LABEL[r.status] ?? r.status },
  { header: "Placed", className: "whitespace-nowrap", hideOnPhone: true, cell: (r) => formatLagosDateTime(r.placedAt) },
  { header: "Started", className: "whitespace-nowrap", cell: (r) => (r.activatedAt ? formatLagosDate(r.activatedAt) : "—") },
  { header: "Matures", className: "whitespace-nowrap", cell: (r) => (r.maturesAt ? formatLagosDate(r.maturesAt) : "—") },
  {
    header: "Order",
    className: "whitespace-nowrap",
    cell: (r) => (
      <Link to={`/staff/orders/${r.orderId}`} className="font-mono text-brand underline">
        {r.orderNumber}
      </Link>
    ),
  },
];

const STATUS_OPTIONS = INVESTMENT_STATUSES.map((s) => [s, INVESTMENT_STATUS_LABEL[s]] as const);

export function InvestmentRegister({ list, pageSize }: { list: TInvestmentRegister; pageSize: number }) {
  const { filters } = list;
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.status ? { status: filters.status } : {}), ...extra });
  const exportHref = `/admin/investments/export?${new URLSearchParams({ q: filters.q ?? "", status: filters.status ?? "" })}`;
  return (
    <section className="space-y-4" aria-labelledby="register-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="register-title" className="text-xl font-semibold">
          Investments
        </h2>
        <a href={exportHref} className={buttonClass.outline} download>
          Export CSV
        </a>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find investments">
        <SearchField label="Name, e-mail or reference" value={filters.q} maxLength={100} className="min-w-64 flex-1" />
        <SelectField label="Status" name="status" defaultValue={filters.status ?? ""} placeholder="All statuses" options={STATUS_OPTIONS} />
        <button type="submit" className={buttonClass.primary}>
          Find
        </button>
      </Form>
      <StaffTable
        label="Investments"
        testId="investment-rows"
        columns={REGISTER_COLUMNS}
        rows={list.rows}
        rowKey={(r) => r.id}
        count={{
          total: list.total,
          pageSize,
          shown: list.rows.length,
          noun: "investment",
          none: "No investments match.",
          testId: "investment-count",
        }}
        empty={{ filtered: !!(filters.q || filters.status), clearTo: "/admin/investments", text: "No investments yet." }}
        pages={{ page: list.page, pageCount: list.pageCount, hrefFor: (p) => `?${query({ page: String(p) })}` }}
      />
    </section>
  );
}
