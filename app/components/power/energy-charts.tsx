import { Link } from "react-router";
import { formatKwh, formatPct, selfSufficiency } from "@domain/power/power";
import {
  ENERGY_PERIODS as PERIODS,
  socPoints,
  type TEnergyPeriod as TPeriod,
  type TInstallationPanel,
  type TSocSeries,
} from "@domain/power/views";
import { formatChartDay, formatLagosTime } from "@domain/time/lagos-time";

// Chart coordinates to a tenth of a unit: finer is invisible at these sizes and only lengthens the page.
const tenth = (n: number) => Math.round(n * 10) / 10;
// Tables style their cells from the table (not a class on each of up to 96 rows): the same look in fewer bytes.
const TABLE = "mt-2 w-full text-sm [&_tbody_th]:text-left [&_tbody_th]:font-normal [&_td]:text-right [&_td]:tabular-nums";

const label = (period: TPeriod, key: string) => (period === "week" ? `Week of ${formatChartDay(key)}` : formatChartDay(key));

type TEnergyRow = TInstallationPanel["energy"]["rows"][number];

/** The bars' sources, in the legend's and the table's order: each one's colour and its energy in a row. */
const SOURCES: readonly { label: string; swatch: string; wh: (r: TEnergyRow) => number }[] = [
  { label: "Solar", swatch: "bg-accent", wh: (r) => r.pvWh },
  { label: "Load", swatch: "bg-brand", wh: (r) => r.loadWh },
  { label: "Grid", swatch: "bg-muted", wh: (r) => r.gridImportWh },
  { label: "Generator", swatch: "bg-danger", wh: (r) => r.generatorWh },
];

/**
 * Energy bars (docs/product/power-tracking.md#energy): solar and load side by side, grid and generator stacked, with a
 * table. The loader sends the bars of the period the address asks for (`?period=`), and only those.
 */
export function EnergyBars({ energy: { period, rows } }: { energy: TInstallationPanel["energy"] }) {
  const max = Math.max(1, ...rows.flatMap((r) => [r.pvWh, r.loadWh, r.gridImportWh + r.generatorWh]));
  const slot = 30;
  const height = 120;
  const bar = (v: number) => (v <= 0 ? 0 : tenth(Math.max(2, (v / max) * (height - 4))));
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
              <rect x={x + 3} y={tenth(height - pv)} width={8} height={pv} rx={1} className="fill-accent" />
              <rect x={x + 12} y={tenth(height - load)} width={8} height={load} rx={1} className="fill-brand" />
              <rect x={x + 21} y={tenth(height - grid)} width={6} height={grid} rx={1} className="fill-muted" />
              <rect x={x + 21} y={tenth(height - grid - gen)} width={6} height={gen} rx={1} className="fill-danger" />
            </g>
          );
        })}
      </svg>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-hidden="true">
        {SOURCES.map((source) => (
          <span key={source.label}>
            <span className={`mr-1 inline-block h-2 w-2 rounded-sm ${source.swatch}`} />
            {source.label}
          </span>
        ))}
      </p>
      <details>
        <summary className="cursor-pointer text-sm text-brand">Show as a table</summary>
        <div className="overflow-x-auto">
          <table className={`${TABLE} [&_tbody_th]:py-1`} data-testid="energy-table">
            <caption className="sr-only">Energy by {PERIODS[period].toLowerCase()}</caption>
            <thead className="text-left text-muted">
              <tr>
                <th scope="col">{PERIODS[period].slice(0, -1)}</th>
                {SOURCES.map((source) => (
                  <th key={source.label} scope="col" className="text-right">
                    {source.label}
                  </th>
                ))}
                <th scope="col" className="text-right">
                  Self-sufficiency
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {[...rows].reverse().map((r) => (
                <tr key={r.day}>
                  <th scope="row">{label(period, r.day)}</th>
                  {SOURCES.map((source) => (
                    <td key={source.label}>{formatKwh(source.wh(r))}</td>
                  ))}
                  <td>{formatPct(selfSufficiency(r))}</td>
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
export function SocCurve({ series }: { series: TSocSeries }) {
  const soc = socPoints(series);
  if (soc.length < 2) return <p className="text-sm text-muted">Not enough readings in the last 24 hours.</p>;
  const width = 288;
  const height = 100;
  const t0 = new Date(soc[0]!.at).getTime();
  const span = Math.max(1, new Date(soc.at(-1)!.at).getTime() - t0);
  const points = soc
    .map((p) => `${tenth(((new Date(p.at).getTime() - t0) / span) * width)},${tenth(height - (p.socPct / 100) * height)}`)
    .join(" ");
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
        <table className={TABLE}>
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
                <th scope="row">{formatLagosTime(p.at)}</th>
                <td>{`${p.socPct}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
