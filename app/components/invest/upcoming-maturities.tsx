import { Link } from "react-router";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { cardClass } from "~/components/ui/styles";
import { StaffSection } from "~/components/ui/staff-page";

// Active investments maturing soon, soonest first: each reference finds the investment in the register.

export type TMaturingInvestment = {
  id: number;
  reference: string;
  name: string;
  tierName: string;
  principalKobo: number;
  maturesAt: Date | string;
};

const MATURITY_COLUMNS: TStaffColumn<TMaturingInvestment>[] = [
  { header: "Matures", className: "whitespace-nowrap", cell: (m) => formatLagosDate(m.maturesAt) },
  {
    header: "Reference",
    className: "font-mono whitespace-nowrap",
    cell: (m) => (
      <Link to={`?${new URLSearchParams({ q: m.reference })}#register-title`} className="text-brand underline">
        {m.reference}
      </Link>
    ),
  },
  { header: "Investor", cell: (m) => m.name },
  { header: "Tier", cell: (m) => m.tierName },
  { header: "Principal", align: "end", className: "whitespace-nowrap", cell: (m) => formatKobo(m.principalKobo) },
];

export function UpcomingMaturities({ maturing, maturityDays }: { maturing: TMaturingInvestment[]; maturityDays: number }) {
  return (
    <StaffSection titleId="maturities-title" title="Upcoming maturities" className={cardClass}>
      <p className="mt-1 text-sm text-muted">Active investments maturing in the next {maturityDays} days, soonest first.</p>
      {maturing.length === 0 ? (
        <p className="mt-3 text-sm text-muted">None in the next {maturityDays} days.</p>
      ) : (
        <div className="mt-3">
          <StaffTable
            label="Upcoming maturities"
            testId="maturity-rows"
            framed={false}
            columns={MATURITY_COLUMNS}
            rows={maturing}
            rowKey={(m) => m.id}
            empty={null}
          />
        </div>
      )}
    </StaffSection>
  );
}
