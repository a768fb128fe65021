import type { ReactNode } from "react";
import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { OrderTimeline } from "~/components/orders/order-timeline";
import { cardClass } from "~/components/ui/styles";
import { PartMessages } from "./part-messages";
import type { TPartView } from "@domain/marketplace/sub-orders";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";

/**
 * One seller's part of an order (docs/product/marketplace.md#fulfilment): its number, status, lines, totals, the
 * tracking note and the timeline. The seller sees the buyer's delivery details and their earning; the buyer sees the
 * seller. `children` holds what the viewer can do next.
 */
export function PartCard({ part, viewer, children }: { part: TPartView; viewer: "seller" | "buyer"; children?: ReactNode }) {
  return (
    <li className={`${cardClass} space-y-3`} data-testid="part" data-label={part.label}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {part.label} <OrderStatusBadge status={part.status} />
          </p>
          <p className="text-sm text-muted">
            Placed {formatLagosDate(part.placedAt)} ·{" "}
            {viewer === "buyer" ? (
              <>
                from{" "}
                <Link to={part.seller.slug ? `/marketplace/sellers/${part.seller.slug}` : "/store"} className="text-brand hover:underline">
                  {part.seller.name}
                </Link>
              </>
            ) : (
              <>for {part.buyer.name}</>
            )}
          </p>
        </div>
        <p className="text-right font-semibold tabular-nums">
          {formatKobo(viewer === "seller" ? part.earningKobo : part.subtotalKobo + part.shippingKobo)}
          <span className="block text-xs font-normal text-muted">{viewer === "seller" ? "your earning" : "with delivery"}</span>
        </p>
      </div>
      <ul className="space-y-1 text-sm">
        {part.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {l.quantity} x{" "}
              {l.href ? (
                <Link to={l.href} className="hover:underline">
                  {l.name}
                </Link>
              ) : (
                l.name
              )}
            </span>
            <span className="tabular-nums">{formatKobo(l.lineTotalKobo)}</span>
          </li>
        ))}
      </ul>
      {viewer === "seller" ? (
        <p className="text-sm text-muted" data-testid="part-money">
          Goods {formatKobo(part.subtotalKobo)} · delivery {formatKobo(part.shippingKobo)} · commission {formatKobo(part.commissionKobo)}
        </p>
      ) : null}
      {viewer === "seller" && part.status !== "delivered" && part.status !== "refunded" ? (
        <p className="text-sm">
          <span className="font-medium">Deliver to:</span> {part.buyer.name}, {part.buyer.address} · {part.buyer.phone}
        </p>
      ) : null}
      {part.trackingNote ? (
        <p className="rounded-lg bg-surface-2 px-3 py-2 text-sm" data-testid="tracking-note">
          <span className="font-medium">{viewer === "buyer" ? "From the seller:" : "Your note:"}</span> {part.trackingNote}
        </p>
      ) : null}
      {part.events.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand">Timeline</summary>
          <div className="mt-2">
            <OrderTimeline events={part.events} showActor />
          </div>
        </details>
      ) : null}
      {part.messages ? <PartMessages part={part} other={viewer === "buyer" ? part.seller.name : part.buyer.name} /> : null}
      {children}
    </li>
  );
}
