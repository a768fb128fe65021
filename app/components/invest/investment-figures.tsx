import { formatKobo } from "@domain/money/money";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { StaffFigure, StaffSection } from "~/components/ui/staff-page";

// The investments admin's figures (docs/product/investments.md): raised, active, investors and distributions, then
// each tier's share.

export type TInvestmentFigures = {
  raisedKobo: number;
  activeKobo: number;
  investors: number;
  distributionsPaidKobo: number;
  distributionsToPayKobo: number;
  tiers: { tierId: number; name: string; raisedKobo: number; activeKobo: number; investors: number }[];
};

const TIER_COLUMNS: TStaffColumn<TInvestmentFigures["tiers"][number]>[] = [
  { header: "Tier", rowHeader: true, cell: (t) => t.name },
  { header: "Raised", align: "end", className: "whitespace-nowrap", cell: (t) => formatKobo(t.raisedKobo) },
  { header: "Active principal", align: "end", className: "whitespace-nowrap", cell: (t) => formatKobo(t.activeKobo) },
  { header: "Investors", align: "end", cell: (t) => t.investors },
];

export function InvestmentFigures({ figures }: { figures: TInvestmentFigures }) {
  return (
    <StaffSection titleId="figures-title" title="Figures">
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StaffFigure
          label="Total raised"
          value={formatKobo(figures.raisedKobo)}
          hint="Every investment not cancelled"
          testId="figure-raised"
        />
        <StaffFigure label="Active principal" value={formatKobo(figures.activeKobo)} testId="figure-active" />
        <StaffFigure label="Investors" value={figures.investors.toLocaleString("en-NG")} testId="figure-investors" />
        <StaffFigure
          label="Distributions paid or reinvested"
          value={formatKobo(figures.distributionsPaidKobo)}
          hint={`${formatKobo(figures.distributionsToPayKobo)} approved, not paid yet; after withholding tax`}
          testId="figure-distributions"
        />
      </dl>
      {figures.tiers.length ? (
        <div className="mt-4">
          <StaffTable label="Raised per tier" columns={TIER_COLUMNS} rows={figures.tiers} rowKey={(t) => t.tierId} empty={null} />
        </div>
      ) : null}
    </StaffSection>
  );
}
