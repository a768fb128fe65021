import { randomUUID } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import { ZCheckout } from "~/lib/checkout-form";
import { formatOrderNumber, type TPaymentMethod } from "~/lib/order-status";
import { products, productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { env } from "../env";
import { placeOrder } from "../orders/place-order";

/** Browser tests only (E2E_FIXTURES=1): one item of a well-stocked product, ordered by this user. */
export async function placeE2eOrder(customer: { userId: string; email: string; name: string }, paymentMethod: TPaymentMethod) {
  if (env.E2E_FIXTURES !== "1") return null;
  const [variant] = await getDb()
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.active, true), gte(productVariants.onHand, 20)))
    .orderBy(asc(productVariants.priceKobo))
    .limit(1);
  if (!variant) return null;
  const checkout = ZCheckout.parse({
    fullName: customer.name,
    phone: "0803 555 0142",
    addressLine: "7 Ogunlana Drive, Surulere",
    city: "Surulere",
    state: "Lagos",
    deliveryMethod: "standard",
    paymentMethod,
    checkoutKey: randomUUID(),
  });
  const { order } = await placeOrder({ customer: { userId: customer.userId, email: customer.email }, checkout, lines: [{ variantId: variant.id, quantity: 1 }] });
  return { orderId: order.id, orderNumber: formatOrderNumber(order.number), totalKobo: order.totalKobo };
}
