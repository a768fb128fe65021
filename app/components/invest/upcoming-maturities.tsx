import { Link } from "react-router";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import { headCellClass, numberCellClass } from "~/components/invest/admin-table";
import { cardClass } from "~/components/ui/styles";

// Active investments maturing soon, soonest first: each reference finds the investment in the register.

export type TMaturingInvestment = {
  id: number;
  reference: string;
  name: string;
  tierName: string;
  principalKobo: number;
  maturesAt: Date | string;
};

export function UpcomingMaturities({ maturing, maturityDays }: { maturing: TMaturingInvestment[]; maturityDays: number }) {
  return (
    <section className={cardClass} aria-labelledby="maturities-title">
      <h2 id="maturities-title" className="text-xl font-semibold">
        Upcoming maturities
      </h2>
      <p className="mt-1 text-sm text-muted">Active investments maturing in the next {maturityDays} days, soonest first.</p>
      {maturing.length === 0 ? (
        <p className="mt-3 text-sm text-muted">None in the next {maturityDays} days.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[560px] text-left text-sm" data-testid="maturity-rows">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className={headCellClass}>
                  Matures
                </th>
                <th scope="col" className={headCellClass}>
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
              </tr>
            </thead>
            <tbody>
              {maturing.map((m) => (
                <tr key={m.id} className="border-b border-line last:border-b-0">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatLagosDate(m.maturesAt)}</td>
                  <td className="py-2 pr-3 font-mono whitespace-nowrap">
                    <Link to={`?${new URLSearchParams({ q: m.reference })}#register-title`} className="text-brand underline">
                      {m.reference}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{m.name}</td>
                  <td className="py-2 pr-3">{m.tierName}</td>
                  <td className={numberCellClass}>{formatKobo(m.principalKobo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
