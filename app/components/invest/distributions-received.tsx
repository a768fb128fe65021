import { chartPath, distributionPeriodLabel, type TDistributionChart } from "@domain/investments/distribution-chart";
import { DISTRIBUTION_PAYMENT_STATUS_LABEL, type TDistributionShareFigures } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";

// The distributions an investor received (docs/product/investments.md#dashboard): the table, and the chart drawn from
// the loader's figures against a projection (labelled as one).

/** One share of a distribution as the dashboard shows it (dates as ISO strings). */
export type TDistributionReceivedView = TDistributionShareFigures & { id: number; tierName: string; paidAt: string | null };

/** A Lagos date, or a dash for none. */
export const lagosDate = (iso: string | null) => (iso ? formatLagosDate(new Date(iso)) : "-");

/** Each share of a distribution the investor was given, with the totals; the chart's text equivalent. */
export function DistributionsTable({ distributions }: { distributions: TDistributionReceivedView[] }) {
  if (distributions.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="no-distributions">
        No distribution yet: distributions are declared after each period, from actual results.
      </p>
    );
  const total = (key: "grossKobo" | "withholdingKobo" | "netKobo") => distributions.reduce((sum, d) => sum + d[key], 0);
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th className="p-3">Period</th>
            <th className="p-3">Tier</th>
            <th className="p-3 text-right">Gross</th>
            <th className="p-3 text-right">Withholding tax</th>
            <th className="p-3 text-right">Net</th>
            <th className="p-3">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {distributions.map((d) => (
            <tr key={d.id} data-testid="distribution-row">
              <td className="whitespace-nowrap p-3">{distributionPeriodLabel(d.periodStart, d.periodEnd)}</td>
              <td className="p-3">{d.tierName}</td>
              <td className="p-3 text-right">{formatKobo(d.grossKobo)}</td>
              <td className="p-3 text-right text-muted">{formatKobo(d.withholdingKobo)}</td>
              <td className="p-3 text-right font-semibold">{formatKobo(d.netKobo)}</td>
              <td className="p-3">
                {d.status === "paid" || d.status === "reinvested" ? (
                  <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-semibold text-brand-strong">
                    {DISTRIBUTION_PAYMENT_STATUS_LABEL[d.status]} {lagosDate(d.paidAt)}
                  </span>
                ) : (
                  <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-fg">
                    {DISTRIBUTION_PAYMENT_STATUS_LABEL[d.status]}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line bg-surface-2 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className="p-3">
              Total
            </th>
            <td className="p-3 text-right">{formatKobo(total("grossKobo"))}</td>
            <td className="p-3 text-right">{formatKobo(total("withholdingKobo"))}</td>
            <td className="p-3 text-right">{formatKobo(total("netKobo"))}</td>
            <td className="p-3" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * Net distributions paid so far (a step line) against the projection for the active investments (dashed): an SVG
 * without a chart library, drawn from the loader's figures. Its label summarises it; the table above lists each one.
 */
export function DistributionChart({ chart }: { chart: TDistributionChart }) {
  const summary =
    `Chart: net distributions paid to you or reinvested, ${formatKobo(chart.receivedKobo)} from ${lagosDate(chart.from)} to ${lagosDate(chart.to)}, ` +
    `against a projection (not guaranteed) of ${formatKobo(chart.projectedKobo)} for your active investments. ` +
    "The table above lists each distribution.";
  return (
    <figure className="mt-6 space-y-2" data-testid="distribution-chart">
      <p className="text-xs text-muted">{formatKobo(chart.maxKobo)}</p>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        preserveAspectRatio="none"
        className="h-40 w-full overflow-visible border-b border-l border-line sm:h-48"
        role="img"
        aria-label={summary}
      >
        {[0.25, 0.5, 0.75].map((f) => (
          <line
            key={f}
            x1={0}
            x2={chart.width}
            y1={chart.height * f}
            y2={chart.height * f}
            stroke="currentColor"
            className="text-line"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path
          d={chartPath(chart.projection)}
          fill="none"
          stroke="currentColor"
          className="text-accent"
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={chartPath(chart.received)}
          fill="none"
          stroke="currentColor"
          className="text-brand"
          strokeWidth={2.5}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="flex justify-between text-xs text-muted">
        <span>{lagosDate(chart.from)}</span>
        <span>Today, {lagosDate(chart.to)}</span>
      </div>
      <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-xs">
        <span className="inline-flex items-center gap-2">
          <svg width="24" height="8" aria-hidden className="text-brand">
            <line x1="0" y1="4" x2="24" y2="4" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          Net distributions paid or reinvested ({formatKobo(chart.receivedKobo)})
        </span>
        <span className="inline-flex items-center gap-2">
          <svg width="24" height="8" aria-hidden className="text-accent">
            <line x1="0" y1="4" x2="24" y2="4" stroke="currentColor" strokeWidth="2" strokeDasharray="6 4" />
          </svg>
          Projection (not guaranteed): {formatKobo(chart.projectedKobo)}
        </span>
      </figcaption>
      <p className="text-xs text-muted">
        The projection is each active investment&apos;s projected return for the days since it started. It is an estimate, not a promise:
        distributions come only from actual results.
      </p>
    </figure>
  );
}
