import { and, eq, inArray } from "drizzle-orm";
import {
  commissionBases,
  commissionKobo,
  commissionRatePercent,
  kindEarnsCommission,
  withinReferralWindow,
} from "@domain/referrals/commission";
import type { DbOrTx } from "../db/client";
import { orderItems, orders, subOrders } from "../orders/schema";
import { getSettings } from "../settings/get-settings";
import { notifyReferrer } from "./notify-referrer";
import { referralCommissions, referrals } from "./schema";

/**
 * A referred customer's order was paid (docs/product/refer-and-earn.md#commissions): each eligible line earns its
 * referrer the rate on its total net of VAT, delivery and its share of the discount, rounded down to the kobo. Runs in
 * the transaction that marks the order paid; the unique key on the order line makes a repeated payment message (a
 * webhook twice, the callback and the webhook) record it once. Only an active or flagged binding earns (a flagged one's
 * wait for staff; a refused one never earns), only inside the window after joining, only while the programme is on.
 */
export async function recordReferralCommissions(tx: DbOrTx, orderId: string, paidAt: Date): Promise<number> {
  const [order] = await tx
    .select({ userId: orders.userId, discountKobo: orders.discountKobo, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return 0;
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, order.userId), inArray(referrals.status, ["active", "flagged"])));
  if (!referral) return 0;
  const settings = await getSettings(tx);
  const rate = commissionRatePercent(settings);
  if (!settings.referEarnEnabled || rate === 0 || !withinReferralWindow(referral.boundAt, paidAt, settings.referralWindowMonths)) return 0;

  const lines = await tx
    .select({ id: orderItems.id, kind: orderItems.kind, lineTotalKobo: orderItems.lineTotalKobo, sellerId: subOrders.sellerId })
    .from(orderItems)
    .innerJoin(subOrders, eq(subOrders.id, orderItems.subOrderId))
    .where(eq(orderItems.orderId, orderId));
  const bases = commissionBases(
    lines.map((l) => ({ id: l.id, lineTotalKobo: l.lineTotalKobo, house: l.sellerId === null })),
    order.discountKobo,
  );
  const earning = lines
    .filter((l) => kindEarnsCommission(l.kind, settings))
    .map((l) => ({ line: l, baseKobo: bases.get(l.id) ?? 0 }))
    .map((e) => ({ ...e, amountKobo: commissionKobo(e.baseKobo, rate) }))
    .filter((e) => e.amountKobo > 0);
  if (earning.length === 0) return 0;

  const recorded = await tx
    .insert(referralCommissions)
    .values(
      earning.map((e) => ({
        referralId: referral.id,
        referrerId: referral.referrerId,
        orderId,
        orderItemId: e.line.id,
        baseKobo: e.baseKobo,
        ratePercent: rate,
        amountKobo: e.amountKobo,
      })),
    )
    .onConflictDoNothing({ target: referralCommissions.orderItemId })
    .returning({ amountKobo: referralCommissions.amountKobo });
  const total = recorded.reduce((sum, r) => sum + r.amountKobo, 0);
  if (total > 0) await notifyReferrer(tx, referral.referrerId, { event: "earned", amountKobo: total, holdDays: settings.referralHoldDays });
  return total;
}
