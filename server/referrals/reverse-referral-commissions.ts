import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { orderItems } from "../orders/schema";
import { postCommissionLedger } from "./post-commission-ledger";
import { referralCommissions } from "./schema";

/**
 * A referred customer's order, or some sellers' parts of it, were refunded (docs/product/refer-and-earn.md#reversals):
 * the commissions on those lines are reversed in the refund's transaction. One still held simply never pays; one
 * already approved or paid out is taken back from the balance (once: the ledger's key), which may leave it below zero
 * until the next commissions make up for it. Locks the commissions first, so the approval job cannot approve one the
 * refund is reversing.
 */
export async function reverseReferralCommissions(tx: DbOrTx, orderId: string, refundedPartIds: number[]): Promise<number> {
  const open = await tx
    .select({
      id: referralCommissions.id,
      status: referralCommissions.status,
      referrerId: referralCommissions.referrerId,
      amountKobo: referralCommissions.amountKobo,
    })
    .from(referralCommissions)
    .innerJoin(orderItems, eq(orderItems.id, referralCommissions.orderItemId))
    .where(
      and(
        eq(referralCommissions.orderId, orderId),
        inArray(orderItems.subOrderId, refundedPartIds),
        inArray(referralCommissions.status, ["pending", "approved", "paid"]),
      ),
    )
    .for("update", { of: referralCommissions });
  if (open.length === 0) return 0;
  const now = new Date();
  await tx
    .update(referralCommissions)
    .set({ status: "reversed", reversedAt: now, note: "The order was refunded" })
    .where(
      inArray(
        referralCommissions.id,
        open.map((c) => c.id),
      ),
    );
  // A held one never reached the balance: only approved and paid ones are taken back; the referrer hears of all.
  await postCommissionLedger(
    tx,
    "reversed",
    open.filter((c) => c.status !== "pending"),
    open,
  );
  return open.reduce((sum, c) => sum + c.amountKobo, 0);
}
