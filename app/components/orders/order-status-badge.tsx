import { ORDER_STATUSES, type TOrderStatus } from "@domain/orders/order-status";

// The word carries the meaning; the colour only groups: waiting (accent), moving (brand), done (muted), stopped (danger).
const TONE: Record<TOrderStatus, string> = {
  pending_payment: "border-accent/60 text-accent",
  paid: "border-brand/60 text-brand",
  processing: "border-brand/60 text-brand",
  shipped: "border-brand/60 text-brand",
  delivered: "border-line text-muted",
  cancelled: "border-danger/60 text-danger",
  refunded: "border-danger/60 text-danger",
};

export function OrderStatusBadge({ status }: { status: string }) {
  const s = status as TOrderStatus;
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONE[s] ?? TONE.delivered}`}
      data-testid="order-status"
    >
      {ORDER_STATUSES[s] ?? status}
    </span>
  );
}
