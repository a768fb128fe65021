// A bar chart per Lagos day, drawn as inline SVG (no chart library): stacked series, an axis with a few
// gridlines, short day labels, a legend, and the same figures as a table for screen readers.

export type TSeries = { name: string; values: number[] };

const PALETTE = ["#0f766e", "#d97706", "#2563eb", "#db2777", "#7c3aed", "#65a30d", "#dc2626", "#0891b2", "#475569"];

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * step >= max) return m * step;
  return 10 * step;
}

/** "2026-11-23" -> "23". */
const dayOfMonth = (iso: string) => String(Number(iso.slice(8, 10)));

type TChart = { title: string; days: string[]; series: TSeries[]; format: (n: number) => string; minMax?: number };

/** The bars at one drawing width: phones get a narrower drawing, so its labels stay readable. */
function Bars({ title, days, series, format, minMax = 1, W, H, className }: TChart & { W: number; H: number; className: string }) {
  const left = 44;
  const bottom = 22;
  const top = 8;
  const plotW = W - left - 8;
  const plotH = H - top - bottom;
  const totals = days.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const max = niceMax(Math.max(minMax, ...totals));
  const slot = plotW / days.length;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className={className} role="img" aria-label={`${title}, last ${days.length} days`}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={W - 8} y1={y(t)} y2={y(t)} stroke="currentColor" strokeOpacity={0.15} />
          <text x={left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="currentColor" fillOpacity={0.7}>
            {format(t)}
          </text>
        </g>
      ))}
      {days.map((d, i) => {
        let base = 0;
        const x = left + i * slot + (slot - barW) / 2;
        return (
          <g key={d}>
            {series.map((s, k) => {
              const v = s.values[i] ?? 0;
              if (v <= 0) return null;
              const rect = (
                <rect key={s.name} x={x} y={y(base + v)} width={barW} height={y(base) - y(base + v)} fill={PALETTE[k % PALETTE.length]}>
                  <title>{`${d}: ${s.name} ${format(v)}`}</title>
                </rect>
              );
              base += v;
              return rect;
            })}
            {(days.length - 1 - i) % (W < 500 ? 7 : 5) === 0 ? (
              <text x={left + i * slot + slot / 2} y={H - 6} textAnchor="middle" fontSize={11} fill="currentColor" fillOpacity={0.7}>
                {dayOfMonth(d)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

export function DayBarChart({ testId, ...chart }: TChart & { testId?: string }) {
  const { title, days, series, format } = chart;
  return (
    <figure className="space-y-2" data-testid={testId}>
      <figcaption className="font-semibold">{title}</figcaption>
      <Bars {...chart} W={360} H={200} className="h-auto w-full sm:hidden" />
      <Bars {...chart} W={640} H={220} className="hidden h-auto w-full sm:block" />
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend">
          {series.map((s, k) => (
            <li key={s.name} className="flex items-center gap-1.5">
              <span aria-hidden className="inline-block size-3 rounded-sm" style={{ background: PALETTE[k % PALETTE.length] }} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">The figures as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-xs">
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">
                  Day
                </th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="px-2 py-1 text-right">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d} className="border-t border-line">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    {d}
                  </th>
                  {series.map((s) => (
                    <td key={s.name} className="px-2 py-1 text-right">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
