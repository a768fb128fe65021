import { and, eq, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { TJob } from "../jobs/scheduler";
import { getDb } from "../db/client";
import { orderItems, orders, subOrders } from "../orders/schema";
import { getSettings } from "../settings/get-settings";
import { countCommissionsApproved } from "../metrics/registry";
import { postCommissionLedger } from "./post-commission-ledger";
import { referralCommissions, referrals } from "./schema";

const BATCH = 500;

/**
 * Approves the commissions whose refund window has closed (docs/product/refer-and-earn.md#the-hold): `referralHoldDays`
 * after payment for what is not delivered, after delivery for goods. Their order part must still stand (not refunded)
 * and their binding be active. Each approval adds to the referrer's balance once (the ledger's key); the rows are
 * locked and skipped when a refund holds them, so a commission is never both approved and reversed by two sessions.
 * Runs with the programme off too: what was earned still settles.
 */
export async function approveHeldCommissions(now = new Date()): Promise<number> {
  const db = getDb();
  const holdDays = (await getSettings(db)).referralHoldDays;
  const closedBefore = new Date(now.getTime() - holdDays * 86_400_000);
  let approved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: referralCommissions.id, referrerId: referralCommissions.referrerId, amountKobo: referralCommissions.amountKobo })
        .from(referralCommissions)
        .innerJoin(referrals, eq(referrals.id, referralCommissions.referralId))
        .innerJoin(orderItems, eq(orderItems.id, referralCommissions.orderItemId))
        .innerJoin(subOrders, eq(subOrders.id, orderItems.subOrderId))
        .innerJoin(orders, eq(orders.id, referralCommissions.orderId))
        .where(
          and(
            eq(referralCommissions.status, "pending"),
            eq(referrals.status, "active"),
            inArray(subOrders.status, ["paid", "processing", "shipped", "delivered"]),
            or(
              and(eq(orderItems.ships, false), isNotNull(orders.paidAt), lte(orders.paidAt, closedBefore)),
              and(eq(orderItems.ships, true), isNotNull(subOrders.deliveredAt), lte(subOrders.deliveredAt, closedBefore)),
            ),
          ),
        )
        .orderBy(referralCommissions.id)
        .limit(BATCH)
        .for("update", { of: referralCommissions, skipLocked: true });
      if (due.length === 0) return 0;
      await tx
        .update(referralCommissions)
        .set({ status: "approved", approvedAt: now })
        .where(
          inArray(
            referralCommissions.id,
            due.map((c) => c.id),
          ),
        );
      await postCommissionLedger(tx, "approved", due);
      return due.length;
    });
    approved += batch;
    if (batch > 0) countCommissionsApproved(batch);
    if (batch < BATCH) return approved;
  }
}

export const referralApprovalJob: TJob = {
  name: "referral-commission-approval",
  label: "Approve referral commissions",
  description: "Approves referral commissions whose refund window has closed, adding them to the referrers' balances.",
  periodSeconds: 3600,
  async run() {
    await approveHeldCommissions();
  },
};
