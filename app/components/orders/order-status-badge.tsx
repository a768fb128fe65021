import { ORDER_STATUSES, type TOrderStatus } from "@domain/orders/order-status";
import { StatusPill } from "~/components/ui/status-pill";

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
    <StatusPill tone={TONE[s] ?? TONE.delivered} testId="order-status">
      {ORDER_STATUSES[s] ?? status}
    </StatusPill>
  );
}
