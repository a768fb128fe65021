import { and, eq, isNull, type SQL } from "drizzle-orm";
import { targetOf } from "@domain/cart/cart";
import type { DbOrTx } from "../db/client";
import type { TLine, TPurchasableKind } from "../orders/purchasable-kind";
import { cartItems } from "./schema";

/** The condition naming this line in a cart: its kind and the target columns its kind says identify it. */
function sameLine(cartId: string, kind: TPurchasableKind, line: TLine): SQL {
  return and(
    eq(cartItems.cartId, cartId),
    eq(cartItems.kind, kind.kind),
    ...kind.identity.map((column) => {
      const value = line[column];
      return value === null ? isNull(cartItems[column]) : eq(cartItems[column], value);
    }),
  )!;
}

/** How many of this line the cart holds now (0 when none). */
export async function cartLineQuantity(tx: DbOrTx, cartId: string, kind: TPurchasableKind, line: TLine): Promise<number> {
  const [row] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(sameLine(cartId, kind, line));
  return row?.quantity ?? 0;
}

/**
 * Puts a line into a cart at this quantity, whatever its kind: the line already there (same kind and identity) takes the
 * quantity, or a new row is written with the line's target. The caller holds the cart's lock and touches the cart.
 */
export async function putCartLine(tx: DbOrTx, cartId: string, kind: TPurchasableKind, line: TLine, quantity: number) {
  const updated = await tx
    .update(cartItems)
    .set({ quantity })
    .where(sameLine(cartId, kind, line))
    .returning({ id: cartItems.id });
  if (updated.length === 0) await tx.insert(cartItems).values({ cartId, kind: kind.kind, quantity, ...targetOf(line) });
}
