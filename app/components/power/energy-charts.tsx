import { Link, useSearchParams } from "react-router";
import { formatKwh, formatPct, selfSufficiency, type TEnergyDay } from "@domain/power/power";
import type { TInstallationDetail } from "@domain/power/views";
import { formatChartDay, formatLagosTime } from "@domain/time/lagos-time";

const PERIODS = { day: "Days", week: "Weeks", month: "Months" } as const;
type TPeriod = keyof typeof PERIODS;

const label = (period: TPeriod, key: string) => (period === "week" ? `Week of ${formatChartDay(key)}` : formatChartDay(key));

/** Energy bars (docs/product/power-tracking.md#energy): solar and load side by side, grid and generator stacked, with a table. */
export function EnergyBars({ detail }: { detail: Pick<TInstallationDetail, "days" | "weeks" | "months"> }) {
  const [params] = useSearchParams();
  const period: TPeriod = (["day", "week", "month"] as const).find((p) => p === params.get("period")) ?? "day";
  const rows: TEnergyDay[] = period === "day" ? detail.days : period === "week" ? detail.weeks : detail.months;
  const max = Math.max(1, ...rows.flatMap((r) => [r.pvWh, r.loadWh, r.gridImportWh + r.generatorWh]));
  const slot = 30;
  const height = 120;
  const bar = (v: number) => (v <= 0 ? 0 : Math.max(2, (v / max) * (height - 4)));
  return (
    <div className="space-y-2">
      <nav aria-label="Energy by" className="flex gap-2 text-sm">
        {(Object.keys(PERIODS) as TPeriod[]).map((p) => (
          <Link
            key={p}
            to={`?period=${p}`}
            preventScrollReset
            replace
            aria-current={p === period ? "page" : undefined}
            className={`rounded-lg border px-3 py-1.5 ${p === period ? "border-brand bg-brand text-brand-contrast" : "border-line"}`}
          >
            {PERIODS[p]}
          </Link>
        ))}
      </nav>
      <svg viewBox={`0 0 ${rows.length * slot} ${height}`} className="h-36 w-full" preserveAspectRatio="none" aria-hidden="true">
        {rows.map((r, i) => {
          const x = i * slot;
          const pv = bar(r.pvWh);
          const load = bar(r.loadWh);
          const grid = bar(r.gridImportWh);
          const gen = bar(r.generatorWh);
          return (
            <g key={r.day}>
              <title>{`${label(period, r.day)}: solar ${formatKwh(r.pvWh)}, load ${formatKwh(r.loadWh)}`}</title>
              <rect x={x + 3} y={height - pv} width={8} height={pv} rx={1} className="fill-accent" />
              <rect x={x + 12} y={height - load} width={8} height={load} rx={1} className="fill-brand" />
              <rect x={x + 21} y={height - grid} width={6} height={grid} rx={1} className="fill-muted" />
              <rect x={x + 21} y={height - grid - gen} width={6} height={gen} rx={1} className="fill-danger" />
            </g>
          );
        })}
      </svg>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
        <span>
          <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-accent" />
          Solar
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-brand" />
          Load
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-muted" />
          Grid
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-danger" />
          Generator
        </span>
      </p>
      <details>
        <summary className="cursor-pointer text-sm text-brand">Show as a table</summary>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-sm" data-testid="energy-table">
            <caption className="sr-only">Energy by {PERIODS[period].toLowerCase()}</caption>
            <thead className="text-left text-muted">
              <tr>
                <th scope="col">{PERIODS[period].slice(0, -1)}</th>
                <th scope="col" className="text-right">
                  Solar
                </th>
                <th scope="col" className="text-right">
                  Load
                </th>
                <th scope="col" className="text-right">
                  Grid
                </th>
                <th scope="col" className="text-right">
                  Generator
                </th>
                <th scope="col" className="text-right">
                  Self-sufficiency
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {[...rows].reverse().map((r) => (
                <tr key={r.day}>
                  <th scope="row" className="py-1 text-left font-normal">
                    {label(period, r.day)}
                  </th>
                  <td className="text-right tabular-nums">{formatKwh(r.pvWh)}</td>
                  <td className="text-right tabular-nums">{formatKwh(r.loadWh)}</td>
                  <td className="text-right tabular-nums">{formatKwh(r.gridImportWh)}</td>
                  <td className="text-right tabular-nums">{formatKwh(r.generatorWh)}</td>
                  <td className="text-right tabular-nums">{formatPct(selfSufficiency(r))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The battery's state of charge over the last 24 hours, quarter-hour averages, with the figures in a table. */
export function SocCurve({ soc }: { soc: TInstallationDetail["soc"] }) {
  if (soc.length < 2) return <p className="text-sm text-muted">Not enough readings in the last 24 hours.</p>;
  const width = 288;
  const height = 100;
  const t0 = new Date(soc[0]!.at).getTime();
  const span = Math.max(1, new Date(soc.at(-1)!.at).getTime() - t0);
  const points = soc.map((p) => `${((new Date(p.at).getTime() - t0) / span) * width},${height - (p.socPct / 100) * height}`).join(" ");
  const values = soc.map((p) => p.socPct);
  return (
    <div className="space-y-1">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-28 w-full" preserveAspectRatio="none" aria-hidden="true">
        <line x1={0} x2={width} y1={height * 0.8} y2={height * 0.8} className="stroke-line" strokeDasharray="4 4" />
        <polyline points={points} fill="none" className="stroke-brand" strokeWidth={2} vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{formatLagosTime(soc[0]!.at)}</span>
        <span>{formatLagosTime(soc.at(-1)!.at)}</span>
      </div>
      <p className="text-sm text-muted">
        Lowest {Math.min(...values)}%, highest {Math.max(...values)}% in the last 24 hours (dashed line: 20%).
      </p>
      <details>
        <summary className="cursor-pointer text-sm text-brand">Show as a table</summary>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Battery state of charge, last 24 hours</caption>
          <thead className="text-left text-muted">
            <tr>
              <th scope="col">Time</th>
              <th scope="col" className="text-right">
                Charge
              </th>
            </tr>
          </thead>
          <tbody>
            {soc.map((p) => (
              <tr key={p.at}>
                <th scope="row" className="text-left font-normal">
                  {formatLagosTime(p.at)}
                </th>
                <td className="text-right tabular-nums">{p.socPct}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
