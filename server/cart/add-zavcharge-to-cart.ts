import { and, eq, sql } from "drizzle-orm";
import type { TCartOwner, TCartWriteResult } from "@domain/cart/cart";
import { formatKobo } from "@domain/money/money";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { zavchargePlans } from "../zavcharge/schema";
import { afterCartWrite } from "./add-to-cart";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

export type TZavChargeCartLine = { kind: "wallet_topup"; amountKobo: number } | { kind: "plan_renewal"; planId: number };

/**
 * A ZavCharge top-up or plan renewal for the driver's account, as a cart line (docs/product/zavcharge.md#wallet,
 * docs/decisions/0013-one-cart-many-kinds.md). One of each per account in a cart: adding again replaces the
 * amount or the plan. The account comes from the guard (the signed-in driver), never from the form.
 */
export async function addZavChargeToCart(owner: TCartOwner, accountId: number, line: TZavChargeCartLine): Promise<TCartWriteResult> {
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    let message: string;
    if (line.kind === "plan_renewal") {
      const [plan] = await tx
        .select()
        .from(zavchargePlans)
        .where(and(eq(zavchargePlans.id, line.planId), eq(zavchargePlans.active, true)));
      if (!plan) return refuse("not_found", "That plan is not offered any more. Please choose another.");
      message = `Added the ${plan.name} plan renewal (${formatKobo(plan.priceKobo)}) to your cart`;
    } else {
      message = `Added a ${formatKobo(line.amountKobo)} ZavCharge top-up to your cart`;
    }
    const { cartId } = await findOrCreateCart(owner, tx);
    const values =
      line.kind === "wallet_topup"
        ? { amountKobo: line.amountKobo, zavchargePlanId: null }
        : { amountKobo: null, zavchargePlanId: line.planId };
    await tx
      .insert(cartItems)
      .values({ cartId, kind: line.kind, zavchargeAccountId: accountId, quantity: 1, ...values })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.kind, cartItems.zavchargeAccountId],
        set: { ...values, addedAt: sql`now()` },
      });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    return succeed({ message, capped: false, ...(await afterCartWrite(owner, cartId, tx)) });
  });
}
