import { Link } from "react-router";
import { SALES_CHANNEL_LABEL, SALES_CHANNELS, type TSalesChannel, type TSalesOverTime } from "@domain/analytics/sales";
import { formatKobo } from "@domain/money/money";
import { formatChartDay } from "@domain/time/lagos-time";
import { cardClass } from "~/components/ui/styles";

// Sales over time on the admin dashboard (docs/product/alerts-and-audit.md#sales-over-time): stacked SVG bars drawn on the
// server (no chart library), a legend with each channel's total, the figures as a table for screen readers, and the
// categories. The period is a link, so it works without JavaScript.

const HEIGHT = 140;
/** Each channel's colour; the legend and the table say the same in words. */
const FILL: Record<TSalesChannel, string> = {
  store: "fill-brand",
  academy: "fill-accent",
  marketplace: "fill-muted",
  zavcharge: "fill-fg",
  investments: "fill-brand-strong",
};
const SWATCH: Record<TSalesChannel, string> = {
  store: "bg-brand",
  academy: "bg-accent",
  marketplace: "bg-muted",
  zavcharge: "bg-fg",
  investments: "bg-brand-strong",
};

export function SalesOverTime({ sales }: { sales: TSalesOverTime }) {
  const { buckets, period } = sales;
  const max = Math.max(...buckets.map((b) => b.totalKobo), 1);
  const slot = period === "day" ? 12 : 30;
  const bar = slot * 0.7;
  const width = buckets.length * slot;
  const periodLabel = period === "day" ? "the last 30 days" : "the last 12 months";
  return (
    <section className={`${cardClass} space-y-4`} aria-labelledby="sales-title" id="sales">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="sales-title" className="text-xl font-semibold">
          Sales over time
        </h2>
        <nav aria-label="Sales period" className="flex gap-1 text-sm">
          {(["day", "month"] as const).map((p) => (
            <Link
              key={p}
              to={`?sales=${p}#sales`}
              preventScrollReset
              aria-current={p === period ? "page" : undefined}
              className={`rounded-full border px-3 py-1 font-semibold ${p === period ? "border-brand bg-brand text-brand-contrast" : "border-line hover:border-brand"}`}
            >
              {p === "day" ? "30 days" : "12 months"}
            </Link>
          ))}
        </nav>
      </div>
      <p className="text-sm text-muted" data-testid="sales-summary">
        {formatKobo(sales.totalKobo)} from {sales.orders.toLocaleString("en-NG")} paid order{sales.orders === 1 ? "" : "s"} in {periodLabel}{" "}
        (goods, before delivery and VAT)
      </p>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="sales-channels">
        {SALES_CHANNELS.map((c) => (
          <li key={c} className="flex items-center gap-2">
            <span className={`inline-block h-3 w-3 rounded-sm ${SWATCH[c]}`} aria-hidden />
            {SALES_CHANNEL_LABEL[c]} <span className="font-semibold tabular-nums">{formatKobo(sales.byChannel[c])}</span>
          </li>
        ))}
      </ul>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-36 w-full" preserveAspectRatio="none" aria-hidden="true">
        {buckets.map((b, i) => {
          if (b.totalKobo === 0)
            return <rect key={b.key} x={i * slot + (slot - bar) / 2} y={HEIGHT - 2} width={bar} height={2} className="fill-line" />;
          let y = HEIGHT;
          return (
            <g key={b.key}>
              <title>{`${formatChartDay(b.key)}: ${formatKobo(b.totalKobo)}`}</title>
              {SALES_CHANNELS.filter((c) => b.byChannel[c] > 0).map((c) => {
                const h = Math.max(2, (b.byChannel[c] / max) * (HEIGHT - 4));
                y -= h;
                return <rect key={c} x={i * slot + (slot - bar) / 2} y={y} width={bar} height={h} className={FILL[c]} />;
              })}
            </g>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{formatChartDay(buckets[0]!.key)}</span>
        <span>{period === "day" ? "Today" : "This month"}</span>
      </div>
      <table className="sr-only">
        <caption>
          Sales by {period === "day" ? "day" : "month"} and channel, in {periodLabel}
        </caption>
        <thead>
          <tr>
            <th scope="col">{period === "day" ? "Day" : "Month"}</th>
            {SALES_CHANNELS.map((c) => (
              <th key={c} scope="col">
                {SALES_CHANNEL_LABEL[c]}
              </th>
            ))}
            <th scope="col">Total</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.key}>
              <th scope="row">{formatChartDay(b.key)}</th>
              {SALES_CHANNELS.map((c) => (
                <td key={c}>{formatKobo(b.byChannel[c])}</td>
              ))}
              <td>{formatKobo(b.totalKobo)}</td>
              <td>{b.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary className="cursor-pointer text-sm font-semibold">By category</summary>
        {sales.categories.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No paid sales in {periodLabel} yet.</p>
        ) : (
          <table className="mt-2 w-full text-sm" data-testid="sales-categories">
            <thead className="text-left text-muted">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Category
                </th>
                <th scope="col" className="py-1 font-medium">
                  Channel
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Sales
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {sales.categories.map((c) => (
                <tr key={`${c.channel}-${c.category}`}>
                  <td className="py-1">{c.category}</td>
                  <td className="py-1">{SALES_CHANNEL_LABEL[c.channel]}</td>
                  <td className="py-1 text-right tabular-nums">{formatKobo(c.kobo)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </section>
  );
}
