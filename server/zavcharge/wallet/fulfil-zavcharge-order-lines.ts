import { and, eq } from "drizzle-orm";
import { certain } from "@domain/errors/app-error";
import type { TZavChargeLineKind } from "@domain/cart/cart";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { formatOrderNumber } from "@domain/orders/order-status";
import type { Tx } from "../../db/client";
import { notifyUser } from "../../notifications/notify-user";
import { orderItems, orders } from "../../orders/schema";
import { postWalletEntry } from "./post-wallet-entry";
import { renewPlan } from "../accounts/renew-plan";
import { zavchargeAccounts } from "../accounts/schema";

/**
 * Fulfils the ZavCharge lines of an order whose payment was just verified (docs/product/zavcharge.md#wallet):
 * a top-up credits the wallet (ledger reference `order-item:<id>`, so it counts once however often the payment is
 * reported), a renewal extends the plan. Each kind's fulfilment (zavcharge-purchasables.ts) runs once, in the
 * transaction that moves the order to paid.
 */
export async function fulfilZavChargeOrderLines(tx: Tx, orderId: string, kind: TZavChargeLineKind): Promise<number> {
  const lines = await tx
    .select({
      id: orderItems.id,
      kind: orderItems.kind,
      accountId: orderItems.zavchargeAccountId,
      planId: orderItems.zavchargePlanId,
      amountKobo: orderItems.lineTotalKobo,
      orderNumber: orders.number,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, kind)));
  let done = 0;
  for (const line of lines) {
    if (!line.accountId) continue;
    const [account] = await tx
      .select({ userId: zavchargeAccounts.userId })
      .from(zavchargeAccounts)
      .where(eq(zavchargeAccounts.id, line.accountId));
    const order = formatOrderNumber(line.orderNumber);
    if (line.kind === "wallet_topup") {
      const { entry, duplicate } = certain(
        await postWalletEntry(tx, {
          accountId: line.accountId,
          kind: "top_up",
          amountKobo: line.amountKobo,
          reference: `order-item:${line.id}`,
          description: `Top-up, order ${order}`,
          orderId,
        }),
        "Posting a credit or a covered debit",
      );
      if (!duplicate && account?.userId)
        await notifyUser(tx, {
          userId: account.userId,
          type: "charging",
          title: "Top-up received",
          message: `${formatKobo(line.amountKobo)} was added to your ZavCharge wallet. New balance: ${formatKobo(entry.balanceAfterKobo)}.`,
          link: "/zavcharge/dashboard",
          metadata: { orderId, amountKobo: line.amountKobo, balanceKobo: entry.balanceAfterKobo },
        });
    } else if (line.planId) {
      // The account was open when the renewal was bought; one closed since leaves the payment to be refunded by hand.
      const renewed = certain(await renewPlan(tx, line.accountId, line.planId), "Renewing a paid plan");
      if (account?.userId)
        await notifyUser(tx, {
          userId: account.userId,
          type: "subscription_renewal",
          title: "ZavCharge plan renewed",
          message: `Your ${renewed.planName} plan now runs until ${formatLagosDateLong(renewed.expiresAt)}.`,
          link: "/zavcharge/dashboard",
        });
    }
    done += 1;
  }
  return done;
}
