import type { TViewer } from "@domain/access/roles";
import { parseThen, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZPartRefund } from "@domain/marketplace/sub-order-input";
import { ORDER_STATUSES } from "@domain/orders/order-status";
import { updateOrderStatus, ZOrderStatusChange } from "@server/orders/update-order-status";
import { confirmOfflinePayment, ZOfflinePayment } from "@server/payments/confirm-offline-payment";
import { refundOrderPayment } from "@server/payments/refund-order-payment";
import { refundSubOrderPayment } from "@server/payments/refund-sub-order-payment";
import type { TPageIntents } from "~/http/page-intents.server";

// The staff order page's four kinds of change: a status move, confirming an offline payment, a refund, a refund of one
// seller's part. Called from its action after requireRole("staff"), for an order that exists; each answers a message.

export type TStaffOrderContext = { staff: TViewer; orderId: string };

/** A payment use case's answer as the page shows it: "nothing changed" (already paid, already refunded) is a refusal. */
function changedOrRefused(r: TResult<{ changed: boolean; message: string }>): TResult<{ message: string }> {
  if (!r.ok) return r;
  return r.changed ? succeed({ message: r.message }) : refuse("conflict", r.message);
}

export const STAFF_ORDER_INTENTS: TPageIntents<TStaffOrderContext, TResult<{ message: string }>> = {
  "confirm-transfer": (fields, { staff, orderId }) =>
    parseThen(ZOfflinePayment, { ...fields, orderId }, ["reference"], async (payment) =>
      changedOrRefused(await confirmOfflinePayment({ ...payment, staff })),
    ),
  "refund-part": (fields, { staff }) =>
    parseThen(ZPartRefund, fields, ["reason"], async (p) =>
      changedOrRefused(await refundSubOrderPayment({ subOrderId: p.subOrderId, staff, reason: p.reason || null })),
    ),
  refund: async (fields, { staff, orderId }) =>
    changedOrRefused(await refundOrderPayment({ orderId, staff, reason: fields.reason?.trim() || null })),
  status: async (fields, { staff, orderId }) => {
    const moved = await parseThen(ZOrderStatusChange, { ...fields, orderId }, ["note"], (change) => updateOrderStatus(staff, change));
    return moved.ok ? succeed({ message: `${moved.orderNumber} is now ${ORDER_STATUSES[moved.status].toLowerCase()}` }) : moved;
  },
};
