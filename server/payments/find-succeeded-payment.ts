import { and, desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { paymentAttempts } from "./schema";

/** The payment that settled an order (for its receipt), or null. */
export async function findSucceededPayment(orderId: string) {
  const [row] = await getDb()
    .select({
      reference: paymentAttempts.reference,
      provider: paymentAttempts.provider,
      amountKobo: paymentAttempts.amountKobo,
      verifiedAt: paymentAttempts.verifiedAt,
    })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, "succeeded")))
    .orderBy(desc(paymentAttempts.verifiedAt))
    .limit(1);
  return row ?? null;
}
