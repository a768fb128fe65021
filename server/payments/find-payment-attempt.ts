import { and, desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "../db/client";
import { orders } from "../orders/schema";
import { paymentAttempts } from "./schema";

const columns = { attempt: paymentAttempts, orderNumber: orders.number, orderStatus: orders.status };

/** One attempt by the provider's reference (our `reference` / `tx_ref`), with its order's number and status. */
export async function findPaymentAttempt(provider: string, reference: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select(columns)
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(and(eq(paymentAttempts.provider, provider), eq(paymentAttempts.reference, reference)));
  return row ?? null;
}

/** The order's attempts, newest first (for the staff order page and the refund). */
export async function listPaymentAttempts(orderId: string, db: DbOrTx = getDb()) {
  return db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(desc(paymentAttempts.createdAt));
}

export type TPaymentAttempt = typeof paymentAttempts.$inferSelect;
