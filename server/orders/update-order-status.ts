import { z } from "zod";
import { formatKobo } from "@domain/money/money";
import { STAFF_TRANSITIONS } from "@domain/orders/order-filters";
import { formatOrderNumber, type TOrderStatus } from "@domain/orders/order-status";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { recordAudit } from "../audit/record-audit";
import { inTransaction } from "../db/in-transaction";
import { queueOrderShippedSms } from "../messaging/sms/order-sms";
import { enqueueOrderStatusEmail } from "./enqueue-order-status-email";
import { transitionOrder, type TMovedOrder } from "./transition-order";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";

export const ZOrderStatusChange = z.object({
  orderId: z.string().uuid("Unknown order"),
  to: z.enum(STAFF_TRANSITIONS, { error: "Unknown status" }),
  note: z
    .string()
    .trim()
    .max(500, "The note must be at most 500 characters")
    .optional()
    .transform((v) => v || null),
});

export type TOrderStatusChange = Omit<z.output<typeof ZOrderStatusChange>, "note"> & { note?: string | null };

type TOrderRow = TMovedOrder;

/** What the customer reads when their order moves on; null when the move needs no e-mail. */
function statusEmailFor(order: TOrderRow, note: string | null) {
  const label = formatOrderNumber(order.number);
  const dear = `Dear ${order.customerName},`;
  const why = note ? ` Note from our team: ${note}` : "";
  switch (order.status) {
    case "shipped": {
      const cash =
        order.paymentMethod === "pay_on_delivery"
          ? ` Please have ${formatKobo(order.totalKobo)} ready to pay by transfer, POS or cash when it arrives.`
          : "";
      return {
        headline: "is on its way",
        detail: `${dear} good news: ${label} has left our warehouse and is on its way to ${order.addressLine}, ${order.city}, ${order.state}. Expect it within ${order.deliveryDays} working day${order.deliveryDays === 1 ? "" : "s"}; the rider will call ${order.phone} before arriving.${cash}${why}`,
      };
    }
    case "delivered":
      return {
        headline: "has been delivered",
        detail: `${dear} ${label} has been delivered. Thank you for shopping with Zavolah. If anything is missing or damaged, reply to this e-mail within 7 days and we will put it right.${why}`,
      };
    case "cancelled":
      return {
        headline: "has been cancelled",
        detail: `${dear} ${label} has been cancelled and the items returned to stock.${why} If you already sent a payment, reply to this e-mail with your payment reference and we will refund you in full.`,
      };
    default:
      return null;
  }
}

/**
 * Staff move an order along the state machine (processing, shipped, delivered, cancelled). The role and the
 * move are checked here whatever the page showed; the move, its timeline entry, the audit entry and the
 * customer's e-mail land in one transaction, or none of them does.
 */
export async function updateOrderStatus(
  actor: TViewer,
  { orderId, to, note = null }: TOrderStatusChange,
): Promise<TResult<{ orderNumber: string; status: TOrderStatus }>> {
  if (!hasRoleLevel(actor.role, "staff")) return refuse("forbidden", "Only staff can change orders.");
  // A refused move (another member of staff got there first) rolls the transaction back.
  return inTransaction(async (tx) => {
    const transition = await transitionOrder(tx, { orderId, to, actorLabel: actor.name, actorUserId: actor.id, note });
    if (!transition.ok) return transition;
    const moved = transition.order;
    const label = formatOrderNumber(moved.number);
    await recordAudit(tx, {
      actorId: actor.id,
      action: `order.${to}`,
      resourceType: "order",
      resourceId: moved.id,
      oldData: { status: moved.previous },
      newData: { status: to, note, orderNumber: label },
    });
    const email = statusEmailFor(moved, note);
    if (email) {
      await enqueueOrderStatusEmail(tx, moved, { orderNumber: label, ...email });
    }
    if (to === "shipped") await queueOrderShippedSms(tx, moved); // the order SMS promised a text when it ships
    return succeed({ orderNumber: label, status: to });
  });
}
