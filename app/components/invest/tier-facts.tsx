import { DISTRIBUTION_FREQUENCY_LABEL, type TDistributionFrequency } from "@domain/investments/investment-rules";
import { months, projectedReturn } from "@domain/investments/disclosures";
import { formatKobo } from "@domain/money/money";

export type TTierFacts = {
  minKobo: number;
  maxKobo: number | null;
  raiseCapKobo: number | null;
  raisedKobo: number;
  leftKobo: number | null;
  expectedReturnBasisPoints: number;
  tenorMonths: number;
  distributionFrequency: string;
  lockupMonths: number;
  earlyRedemption: boolean;
};

/** A tier's terms as a definition list; the projected return is labelled a projection. */
export function TierFacts({ tier }: { tier: TTierFacts }) {
  const rows: [string, string][] = [
    ["Projected return (not guaranteed)", projectedReturn(tier.expectedReturnBasisPoints)],
    ["Amount", tier.maxKobo === null ? `From ${formatKobo(tier.minKobo)}` : `${formatKobo(tier.minKobo)} to ${formatKobo(tier.maxKobo)}`],
    ["Tenor", months(tier.tenorMonths)],
    ["Distributions", DISTRIBUTION_FREQUENCY_LABEL[tier.distributionFrequency as TDistributionFrequency] ?? tier.distributionFrequency],
    [
      "Lock-up",
      tier.lockupMonths === 0
        ? "None"
        : `${months(tier.lockupMonths)}${tier.earlyRedemption ? ", then early redemption allowed" : ", no early redemption"}`,
    ],
  ];
  const percent = tier.raiseCapKobo ? Math.min(100, Math.round((tier.raisedKobo / tier.raiseCapKobo) * 100)) : null;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {percent !== null && tier.raiseCapKobo ? (
        <div>
          <div
            role="progressbar"
            aria-label="Raised so far"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-surface-2"
          >
            <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-muted">
            {formatKobo(tier.raisedKobo)} of {formatKobo(tier.raiseCapKobo)} raised · {formatKobo(tier.leftKobo ?? 0)} left
          </p>
        </div>
      ) : null}
    </div>
  );
}
