import { and, eq } from "drizzle-orm";
import { certain } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import { raiseAlert } from "../../alerts/raise-alert";
import type { DbOrTx, Tx } from "../../db/client";
import { orderItems, orders } from "../../orders/schema";
import { postWalletEntry } from "./post-wallet-entry";
import { zavchargeAccounts } from "../accounts/schema";
import { zavchargeWalletEntries } from "./schema";

/**
 * The undo of a paid top-up (docs/product/zavcharge.md#wallet) when its order is refunded: the credit is taken
 * back once (reference `order-item-refund:<id>`), as far as the balance allows; what was already spent is
 * left to staff through an admin alert. Runs in the transaction that marks the order refunded.
 */
export async function undoZavChargeOrderLines(db: DbOrTx, orderId: string): Promise<number> {
  // The refund's hook always runs inside the transaction that marks the order refunded.
  const tx = db as Tx;
  const lines = await tx
    .select({ id: orderItems.id, accountId: orderItems.zavchargeAccountId, number: orders.number })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "wallet_topup")));
  let undone = 0;
  for (const line of lines) {
    if (!line.accountId) continue;
    const [credit] = await tx
      .select({ amountKobo: zavchargeWalletEntries.amountKobo })
      .from(zavchargeWalletEntries)
      .where(eq(zavchargeWalletEntries.reference, `order-item:${line.id}`));
    if (!credit) continue; // never credited: nothing to take back
    const [account] = await tx
      .select({ code: zavchargeAccounts.code, balanceKobo: zavchargeAccounts.balanceKobo })
      .from(zavchargeAccounts)
      .where(eq(zavchargeAccounts.id, line.accountId))
      .for("update");
    if (!account) continue;
    const order = formatOrderNumber(line.number);
    const back = Math.min(credit.amountKobo, account.balanceKobo);
    if (back > 0) {
      const { duplicate } = certain(
        await postWalletEntry(tx, {
          accountId: line.accountId,
          kind: "refund",
          amountKobo: -back,
          reference: `order-item-refund:${line.id}`,
          description: `Top-up refunded, order ${order}`,
          orderId,
        }),
        "Posting a credit or a covered debit",
      );
      if (duplicate) continue;
      undone += 1;
    }
    if (back < credit.amountKobo)
      await raiseAlert(tx, {
        type: "zavcharge_refund_shortfall",
        title: `Refunded top-up already spent: ZavCharge ${account.code}`,
        message: `Order ${order} was refunded, but ${formatKobo(credit.amountKobo - back)} of its ${formatKobo(credit.amountKobo)} top-up was already spent on charging. Settle it with the driver.`,
        severity: "high",
        dedupeKey: `zavcharge-refund-shortfall:${line.id}`,
      });
  }
  return undone;
}
