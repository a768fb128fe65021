import { Form, Link } from "react-router";
import { INVESTMENT_STATUS_LABEL, INVESTMENT_STATUSES, type TInvestmentStatus } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { headCellClass, numberCellClass } from "~/components/invest/admin-table";
import { Field, SelectField } from "~/components/ui/field";
import { StaffList } from "~/components/ui/staff-page";
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
        <Field
          label="Name, e-mail or reference"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          maxLength={100}
          className="min-w-64 flex-1"
        />
        <SelectField label="Status" name="status" defaultValue={filters.status ?? ""} placeholder="All statuses" options={STATUS_OPTIONS} />
        <button type="submit" className={buttonClass.primary}>
          Find
        </button>
      </Form>
      <StaffList
        count={{
          total: list.total,
          first: (list.page - 1) * pageSize + 1,
          shown: list.rows.length,
          noun: "investment",
          none: "No investments match.",
          testId: "investment-count",
        }}
        empty={{ filtered: !!(filters.q || filters.status), clearTo: "/admin/investments", text: "No investments yet." }}
        pages={{ page: list.page, pageCount: list.pageCount, hrefFor: (p) => `?${query({ page: String(p) })}` }}
      >
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full min-w-[960px] text-left text-sm" data-testid="investment-rows">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className={`${headCellClass} pl-3`}>
                  Reference
                </th>
                <th scope="col" className={headCellClass}>
                  Investor
                </th>
                <th scope="col" className={headCellClass}>
                  Tier
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Principal
                </th>
                <th scope="col" className={headCellClass}>
                  Status
                </th>
                <th scope="col" className={headCellClass}>
                  Placed
                </th>
                <th scope="col" className={headCellClass}>
                  Started
                </th>
                <th scope="col" className={headCellClass}>
                  Matures
                </th>
                <th scope="col" className={headCellClass}>
                  Order
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((r) => (
                <tr key={r.id} className="border-b border-line align-top last:border-b-0">
                  <td className="py-2 pr-3 pl-3 font-mono whitespace-nowrap">{r.reference}</td>
                  <td className="py-2 pr-3">
                    <span className="block font-medium">{r.name}</span>
                    <span className="block text-xs break-all text-muted">{r.email}</span>
                  </td>
                  <td className="py-2 pr-3">{r.tierName}</td>
                  <td className={numberCellClass}>{formatKobo(r.principalKobo)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{INVESTMENT_STATUS_LABEL[r.status] ?? r.status}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatLagosDateTime(r.placedAt)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{r.activatedAt ? formatLagosDate(r.activatedAt) : "—"}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{r.maturesAt ? formatLagosDate(r.maturesAt) : "—"}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <Link to={`/staff/orders/${r.orderId}`} className="font-mono text-brand underline">
                      {r.orderNumber}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </StaffList>
    </section>
  );
}
