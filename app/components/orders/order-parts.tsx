import { useFetcher } from "react-router";
import { OrderStatusBadge } from "~/components/orders/order-status-badge";
import { OrderTimeline } from "~/components/orders/order-timeline";
import { Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import type { TPartView } from "@domain/marketplace/sub-orders";
import { formatKobo } from "@domain/money/money";
import { partTotalKobo } from "@domain/orders/order-pricing";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// The parts of an order as staff oversee them (docs/product/marketplace.md#refunds): who sells each, its status and
// money, the seller's timeline, and a refund of one seller's part on its own.

const REFUNDABLE = ["paid", "processing", "shipped", "delivered"];

/** One part; the row keeps its fetcher (and the toast) when the refund changes what it shows. */
function PartRow({ part, orderStatus, vatRateBasisPoints }: { part: TPartView; orderStatus: string; vatRateBasisPoints: number }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError } = useActionToast(fetcher, { errors: "toast" });
  const refundable = part.seller.slug !== null && REFUNDABLE.includes(part.status) && orderStatus !== "refunded";
  const total = partTotalKobo(part, vatRateBasisPoints);
  return (
    <li className="space-y-2 py-4" data-testid="order-part" data-label={part.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {part.label} · {part.seller.name} <OrderStatusBadge status={part.status} />
        </p>
        <p className="text-sm tabular-nums">{formatKobo(total)} with VAT</p>
      </div>
      <p className="text-sm text-muted">
        {part.lines.map((l) => `${l.quantity} x ${l.name}`).join(", ")} · goods {formatKobo(part.subtotalKobo)} · delivery{" "}
        {formatKobo(part.shippingKobo)}
        {part.seller.slug ? ` · commission ${formatKobo(part.commissionKobo)} · seller earns ${formatKobo(part.earningKobo)}` : ""}
      </p>
      {part.trackingNote ? <p className="text-sm">Seller&apos;s note: {part.trackingNote}</p> : null}
      {part.events.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand">Seller&apos;s timeline</summary>
          <div className="mt-2">
            <OrderTimeline events={part.events} showActor />
          </div>
        </details>
      ) : null}
      {refundable ? (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Refund ${part.label}`}>
          <JsFlag />
          <input type="hidden" name="intent" value="refund-part" />
          <input type="hidden" name="subOrderId" value={part.id} />
          <Field
            label="Reason (sent to the buyer and the seller)"
            name="reason"
            maxLength={300}
            error={fieldError("reason")}
            className="min-w-64 flex-1"
          />
          <button type="submit" className={buttonClass.outline} disabled={busy}>
            Refund this part ({formatKobo(total)})
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

export function OrderParts({
  parts,
  orderStatus,
  vatRateBasisPoints,
}: {
  parts: TPartView[];
  orderStatus: string;
  vatRateBasisPoints: number;
}) {
  return (
    <section className={cardClass} aria-labelledby="parts-title">
      <h2 id="parts-title" className="text-lg font-semibold">
        Parts by seller
      </h2>
      <ul className="divide-y divide-line" data-testid="order-parts">
        {parts.map((p) => (
          <PartRow key={p.id} part={p} orderStatus={orderStatus} vatRateBasisPoints={vatRateBasisPoints} />
        ))}
      </ul>
    </section>
  );
}
