import type { TSalesWeek } from "@domain/marketplace/sales";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";

const weekLabel = (isoDate: string) => formatLagosDate(new Date(`${isoDate}T12:00:00Z`));
import { cardClass } from "~/components/ui/styles";

// A seller's sales by week (docs/product/marketplace.md#sales-chart): plain SVG bars drawn on the server, no chart
// library, with the figures in a table for screen readers.

const HEIGHT = 120;
const BAR = 18;
const GAP = 8;

export function SalesChart({ weeks }: { weeks: TSalesWeek[] }) {
  const max = Math.max(...weeks.map((w) => w.goodsKobo), 1);
  const total = weeks.reduce((s, w) => s + w.goodsKobo, 0);
  const orders = weeks.reduce((s, w) => s + w.orders, 0);
  const width = weeks.length * (BAR + GAP);
  return (
    <section aria-labelledby="sales" className={`${cardClass} space-y-3`} id="sales-section">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="sales" className="text-xl font-bold">
          Sales
        </h2>
        <p className="text-sm text-muted" data-testid="sales-total">
          {formatKobo(total)} from {orders} order{orders === 1 ? "" : "s"} in the last {weeks.length} weeks
        </p>
      </div>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-32 w-full" preserveAspectRatio="none" aria-hidden="true">
        {weeks.map((w, i) => {
          const h = w.goodsKobo === 0 ? 2 : Math.max(4, Math.round((w.goodsKobo / max) * (HEIGHT - 4)));
          return (
            <rect
              key={w.weekStart}
              x={i * (BAR + GAP) + GAP / 2}
              y={HEIGHT - h}
              width={BAR}
              height={h}
              rx={3}
              className={w.goodsKobo ? "fill-brand" : "fill-line"}
            >
              <title>{`Week of ${weekLabel(w.weekStart)}: ${formatKobo(w.goodsKobo)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{weekLabel(weeks[0]!.weekStart)}</span>
        <span>This week</span>
      </div>
      <table className="sr-only">
        <caption>Sales by week, goods before commission</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <td>{weekLabel(w.weekStart)}</td>
              <td>{formatKobo(w.goodsKobo)}</td>
              <td>{w.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
