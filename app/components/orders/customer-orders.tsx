import { Download, Package } from "lucide-react";
import { NothingYet } from "~/components/ui/empty-results";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import { formatLagosDate } from "@domain/time/lagos-time";
import { OrderStatusBadge } from "./order-status-badge";
import { OrderSummary, type TSummaryLine, type TSummaryTotals } from "./order-summary";
import { OrderTimeline, type TTimelineEvent } from "./order-timeline";
import { PaymentNextStep } from "./payment-next-step";

export type TCustomerOrder = {
  id: string;
  number: number;
  status: string;
  paymentMethod: string;
  totalKobo: number;
  paid: boolean;
  placedAt: string;
  lines: TSummaryLine[];
  totals: TSummaryTotals;
  events: TTimelineEvent[];
};

/** The client dashboard's orders: each with its status, timeline, what to do next and its receipt. */
export function CustomerOrders({ orders }: { orders: TCustomerOrder[] }) {
  return (
    <section className={cardClass} aria-labelledby="orders-title" data-testid="orders-section">
      <h2 id="orders-title" className="flex items-center gap-2 text-xl font-semibold">
        <Package className="h-5 w-5 text-brand" aria-hidden /> Orders
      </h2>
      {orders.length === 0 ? (
        <NothingYet
          testId="orders-empty"
          title="No orders yet"
          text="Solar systems, batteries, lighting and smart furniture, delivered across Nigeria."
          to="/store"
          cta="Visit the store"
        />
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Your orders">
          {orders.map((o) => (
            <li key={o.id} data-testid="order">
              <details className="rounded-xl border border-line p-4 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2">
                  <span>
                    <span className="font-semibold">{formatOrderNumber(o.number)}</span>
                    <span className="ml-2 text-sm text-muted">{formatLagosDate(o.placedAt)}</span>
                  </span>
                  <span className="flex items-center gap-3">
                    <span className="font-semibold">{formatKobo(o.totalKobo)}</span>
                    <OrderStatusBadge status={o.status} />
                  </span>
                </summary>
                <div className="mt-4 grid gap-6 md:grid-cols-2">
                  <div className="space-y-3">
                    <OrderSummary lines={o.lines} totals={o.totals} title="Items" />
                    <PaymentNextStep order={o} />
                    {o.paid ? (
                      <a href={`/orders/${o.id}/receipt.pdf`} className={buttonClass.outline} download>
                        <Download className="h-4 w-4" aria-hidden /> Receipt (PDF)
                      </a>
                    ) : null}
                  </div>
                  <div>
                    <h3 className="mb-2 text-lg font-semibold">Status</h3>
                    <OrderTimeline events={o.events} />
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
