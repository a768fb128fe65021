import { desc, eq } from "drizzle-orm";
import { earningState, sellerBalance, type TPayoutStatus, type TSellerEarningsView } from "@domain/marketplace/earnings";
import { formatSubOrderNumber } from "@domain/marketplace/sub-orders";
import { getDb, type DbOrTx } from "../db/client";
import { orders, subOrders } from "../orders/schema";
import { marketplaceEarnings, marketplacePayouts } from "./schema";

/** Every earning and payout of a store, and its balance now (docs/product/marketplace.md#earnings). */
export async function readSellerLedger(db: DbOrTx, sellerId: string) {
  const [earnings, payouts] = await Promise.all([
    db
      .select({
        amountKobo: marketplaceEarnings.amountKobo,
        commissionKobo: marketplaceEarnings.commissionKobo,
        status: marketplaceEarnings.status,
        availableAt: marketplaceEarnings.availableAt,
        orderNumber: orders.number,
        position: subOrders.position,
      })
      .from(marketplaceEarnings)
      .innerJoin(subOrders, eq(subOrders.id, marketplaceEarnings.subOrderId))
      .innerJoin(orders, eq(orders.id, subOrders.orderId))
      .where(eq(marketplaceEarnings.sellerId, sellerId))
      .orderBy(desc(marketplaceEarnings.createdAt), desc(marketplaceEarnings.id)),
    db
      .select()
      .from(marketplacePayouts)
      .where(eq(marketplacePayouts.sellerId, sellerId))
      .orderBy(desc(marketplacePayouts.requestedAt), desc(marketplacePayouts.id)),
  ]);
  const typed = earnings.map((e) => ({ ...e, status: e.status as "held" | "reversed" }));
  const typedPayouts = payouts.map((p) => ({ ...p, status: p.status as TPayoutStatus }));
  return { earnings: typed, payouts: typedPayouts, balance: sellerBalance(typed, typedPayouts, new Date()) };
}

export async function getSellerEarnings(sellerId: string): Promise<TSellerEarningsView> {
  const now = new Date();
  const ledger = await readSellerLedger(getDb(), sellerId);
  return {
    balance: ledger.balance,
    earnings: ledger.earnings.map((e) => ({
      label: formatSubOrderNumber(e.orderNumber, e.position),
      amountKobo: e.amountKobo,
      commissionKobo: e.commissionKobo,
      state: earningState(e, now),
      availableAt: e.availableAt?.toISOString() ?? null,
    })),
    payouts: ledger.payouts.map((p) => ({
      id: p.id,
      amountKobo: p.amountKobo,
      status: p.status,
      requestedAt: p.requestedAt.toISOString(),
      decidedAt: p.decidedAt?.toISOString() ?? null,
      bankReference: p.bankReference,
      note: p.note,
    })),
  };
}
