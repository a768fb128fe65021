import { eq, sql } from "drizzle-orm";
import type { TCartOwner, TCartWriteResult } from "@domain/cart/cart";
import { refuse, succeed } from "@domain/errors/app-error";
import { checkInvestmentAmount } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { getDb } from "../db/client";
import { INVESTMENT_KIND, raisedKobo, tierItemRef, tierLimitsOf } from "../investments/investment-purchasable";
import { allowanceOf, findInvestor } from "../investments/investor-standing";
import { investmentTiers } from "../investments/schema";
import { afterCartWrite } from "./add-to-cart";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

/**
 * An investor's chosen amount in a tier, as a cart line (docs/product/investments.md#investments). One line per tier:
 * choosing again replaces the amount. The limits are checked now so the investor hears at once, and again at checkout
 * under the tier's lock. Only a signed-in, checked investor may add one.
 */
export async function addInvestmentToCart(owner: TCartOwner, input: { tierId: number; amountKobo: number }): Promise<TCartWriteResult> {
  const userId = owner.userId;
  if (!userId) return refuse("unauthenticated", "Sign in to invest.");
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const investor = await findInvestor(tx, userId);
    if (!investor) return refuse("forbidden", "Only checked investors can invest. Apply from the Invest page first.");
    const [tier] = await tx.select().from(investmentTiers).where(eq(investmentTiers.id, input.tierId));
    if (!tier) return refuse("not_found", "That tier does not exist.");
    const allowance = await allowanceOf(tx, userId, investor.incomeBand);
    const checked = checkInvestmentAmount(input.amountKobo, tierLimitsOf(tier, await raisedKobo(tx, tier.id)), allowance.leftKobo);
    if (!checked.ok) return checked;
    const { cartId } = await findOrCreateCart(owner, tx);
    const itemRef = tierItemRef(tier.id);
    await tx
      .insert(cartItems)
      .values({ cartId, kind: INVESTMENT_KIND, itemRef, amountKobo: checked.amountKobo, quantity: 1 })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.kind, cartItems.itemRef],
        set: { amountKobo: checked.amountKobo, addedAt: sql`now()` },
      });
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
    return succeed({
      message: `Added a ${formatKobo(checked.amountKobo)} investment in ${tier.name} to your cart`,
      capped: false,
      ...(await afterCartWrite(owner, cartId, tx)),
    });
  });
}
