import { eq, inArray } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TPayoutRequest } from "@domain/marketplace/payout-input";
import { formatKobo } from "@domain/money/money";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { readSellerLedger } from "./get-seller-earnings";
import { marketplacePayouts, sellers } from "./schema";

/**
 * A seller asks to be paid from their available balance (docs/product/marketplace.md#payouts). The store row is locked
 * so two requests at once cannot both spend the same naira; a suspended store's payouts are held.
 */
export async function requestPayout(viewer: TViewer, input: TPayoutRequest): Promise<TResult<{ amountKobo: number }>> {
  return getDb().transaction(async (tx) => {
    const [seller] = await tx.select().from(sellers).where(eq(sellers.userId, viewer.id)).for("update");
    if (!seller) return refuse("forbidden", "Only marketplace sellers ask for payouts.");
    if (seller.status !== "active") return refuse("forbidden", "Payouts are held while your store is suspended.");
    const { balance } = await readSellerLedger(tx, seller.id);
    if (input.amountKobo > balance.availableKobo)
      return refuse("conflict", `You can ask for at most ${formatKobo(Math.max(0, balance.availableKobo))}, your available balance.`, {
        field: "amount",
      });
    await tx.insert(marketplacePayouts).values({
      sellerId: seller.id,
      amountKobo: input.amountKobo,
      bankCode: seller.bankCode,
      accountNumber: seller.accountNumber,
      accountName: seller.accountName,
      requestedBy: viewer.id,
    });
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ["admin"]));
    for (const admin of admins)
      await notifyUser(tx, {
        userId: admin.id,
        type: "payment",
        title: `Payout requested: ${seller.displayName}`,
        message: `${seller.displayName} asked for ${formatKobo(input.amountKobo)} to ${seller.accountName}.`,
        link: "/admin/payouts",
      });
    return succeed({ amountKobo: input.amountKobo });
  });
}
