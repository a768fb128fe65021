import type { DbOrTx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { orderStatusEmail } from "../messaging/order-emails";

/**
 * Queues the customer's "Order ZV-... <headline>" e-mail in the caller's transaction, so it goes out only if the change
 * it tells of is committed (docs/product/store-and-orders.md#order-states).
 */
export async function enqueueOrderStatusEmail(
  tx: DbOrTx,
  order: { email: string; customerName: string },
  p: { orderNumber: string; headline: string; detail: string },
): Promise<void> {
  await enqueueEmail(
    tx,
    "order_status",
    { email: order.email, name: order.customerName },
    orderStatusEmail({ orderNumber: p.orderNumber, customerName: order.customerName, headline: p.headline, detail: p.detail }, publicUrl()),
  );
}
