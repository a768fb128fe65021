import { Link } from "react-router";
import { months, PROJECTION_NOTE, projectedReturn } from "@domain/investments/disclosures";
import { DISTRIBUTION_FREQUENCY_LABEL, type TDistributionFrequency } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { headCellClass, numberCellClass } from "~/components/invest/admin-table";
import type { TTierFacts } from "~/components/invest/tier-facts";
import { buttonClass, cardClass } from "~/components/ui/styles";

// The investments admin's tiers (docs/product/investments.md#tiers): each one's terms and what it has raised, with
// Edit opening it in the tier form below.

/** A tier as the admin sees it: its terms, its figures, its name and whether it is open. */
export type TTierAdminView = TTierFacts & { id: number; name: string; summary: string; status: string };

/** "14% a year (projection)": the projected return is never shown as a promise. */
const projection = (basisPoints: number) => `${projectedReturn(basisPoints)} (projection)`;

export function TiersAdmin({ tiers, editingId }: { tiers: TTierAdminView[]; editingId: number | null }) {
  return (
    <section className={cardClass} aria-labelledby="tiers-title">
      <h2 id="tiers-title" className="text-xl font-semibold">
        Tiers
      </h2>
      {tiers.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No tiers yet. Add the first one below.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[960px] text-left text-sm" data-testid="tier-rows">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className={headCellClass}>
                  Tier
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Smallest
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Largest
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Cap
                </th>
                <th scope="col" className={`${headCellClass} text-right`}>
                  Raised / left
                </th>
                <th scope="col" className={headCellClass}>
                  Projected return
                </th>
                <th scope="col" className={headCellClass}>
                  Tenor
                </th>
                <th scope="col" className={headCellClass}>
                  Distributes
                </th>
                <th scope="col" className={headCellClass}>
                  Lock-up
                </th>
                <th scope="col" className={headCellClass}>
                  Status
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tiers.map((t) => (
                <tr key={t.id} className={`border-b border-line align-top ${editingId === t.id ? "bg-surface-2" : ""}`}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {t.name}
                  </th>
                  <td className={numberCellClass}>{formatKobo(t.minKobo)}</td>
                  <td className={numberCellClass}>{t.maxKobo === null ? "No limit" : formatKobo(t.maxKobo)}</td>
                  <td className={numberCellClass}>{t.raiseCapKobo === null ? "No cap" : formatKobo(t.raiseCapKobo)}</td>
                  <td className={numberCellClass}>
                    {formatKobo(t.raisedKobo)}
                    <span className="block text-xs text-muted">{t.leftKobo === null ? "no cap" : `${formatKobo(t.leftKobo)} left`}</span>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{projection(t.expectedReturnBasisPoints)}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">{months(t.tenorMonths)}</td>
                  <td className="py-2 pr-3">
                    {DISTRIBUTION_FREQUENCY_LABEL[t.distributionFrequency as TDistributionFrequency] ?? t.distributionFrequency}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {t.lockupMonths ? months(t.lockupMonths) : "None"}
                    <span className="block text-xs text-muted">{t.earlyRedemption ? "early redemption after" : "no early redemption"}</span>
                  </td>
                  <td className="py-2 pr-3">{t.status === "open" ? "Open" : "Closed"}</td>
                  <td className="py-2 text-right">
                    <Link to={`?tier=${t.id}#tier-form-title`} className={buttonClass.ghost} aria-label={`Edit ${t.name}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-xs text-muted" data-testid="projection-note">
        {PROJECTION_NOTE}
      </p>
    </section>
  );
}
