import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { sellers } from "./schema";

/** Tells a seller their part of an order was refunded and its earning reversed (docs/product/marketplace.md#refunds). */
export async function notifySellerOfRefund(tx: DbOrTx, p: { sellerId: string; subOrderId: number; label: string; note: string }) {
  const [seller] = await tx.select({ userId: sellers.userId, kind: sellers.kind }).from(sellers).where(eq(sellers.id, p.sellerId));
  if (!seller) return;
  await notifyUser(tx, {
    userId: seller.userId,
    type: "order",
    priority: "high",
    title: `${p.label} was refunded`,
    message: `Our team refunded the buyer for ${p.label}: its earning is reversed. ${p.note}`,
    link: seller.kind === "architect" ? "/architect/dashboard#orders" : "/seller/dashboard#orders",
    metadata: { subOrderId: p.subOrderId },
  });
}
