import { formatKobo } from "@domain/money/money";
import { headCellClass, numberCellClass } from "~/components/invest/admin-table";

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

export function InvestmentFigures({ figures }: { figures: TInvestmentFigures }) {
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title" className="text-xl font-semibold">
        Figures
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Total raised" value={formatKobo(figures.raisedKobo)} hint="Every investment not cancelled" testId="figure-raised" />
        <Figure label="Active principal" value={formatKobo(figures.activeKobo)} testId="figure-active" />
        <Figure label="Investors" value={figures.investors.toLocaleString("en-NG")} testId="figure-investors" />
        <Figure
          label="Distributions paid or reinvested"
          value={formatKobo(figures.distributionsPaidKobo)}
          hint={`${formatKobo(figures.distributionsToPayKobo)} approved, not paid yet; after withholding tax`}
          testId="figure-distributions"
        />
      </dl>
      {figures.tiers.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[480px] text-left text-sm">
            <caption className="sr-only">Raised per tier</caption>
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className={headCellClass}>
                  Tier
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Raised
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Active principal
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Investors
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.tiers.map((t) => (
                <tr key={t.tierId} className="border-b border-line">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {t.name}
                  </th>
                  <td className={numberCellClass}>{formatKobo(t.raisedKobo)}</td>
                  <td className={numberCellClass}>{formatKobo(t.activeKobo)}</td>
                  <td className={numberCellClass}>{t.investors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}
