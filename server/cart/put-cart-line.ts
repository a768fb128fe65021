import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { TARGET_COLUMNS, targetOf, type TLineTarget } from "@domain/cart/cart";
import type { DbOrTx } from "../db/client";
import type { TLine, TPurchasableKind } from "../orders/purchasable-kind";
import { cartItems, carts } from "./schema";

/** The condition naming this line in a cart: its kind and the target columns its kind says identify it. */
export function sameLine(cartId: string, kind: TPurchasableKind, line: Omit<TLine, "quantity">): SQL {
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
export async function cartLineQuantity(tx: DbOrTx, cartId: string, kind: TPurchasableKind, line: Omit<TLine, "quantity">): Promise<number> {
  const [row] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(sameLine(cartId, kind, line));
  return row?.quantity ?? 0;
}

/** The line as the cart holds it (every target column, its quantity), or null when the cart does not hold it. */
export async function findCartLine(
  tx: DbOrTx,
  cartId: string,
  kind: TPurchasableKind,
  line: Omit<TLine, "quantity">,
): Promise<TLine | null> {
  const [row] = await tx
    .select({ quantity: cartItems.quantity, ...Object.fromEntries(TARGET_COLUMNS.map((c) => [c, cartItems[c]])) })
    .from(cartItems)
    .where(sameLine(cartId, kind, line));
  return row ? { kind: kind.kind, quantity: row.quantity as number, ...targetOf(row as Partial<TLineTarget>) } : null;
}

/**
 * Puts a line into a cart at this quantity, whatever its kind: the line already there (same kind and identity) takes the
 * quantity, or a new row is written with the line's target. `replace` also writes the line's other columns over the
 * old ones (a new amount or plan) and counts it as added now. The caller holds the cart's lock and touches the cart.
 */
export async function putCartLine(tx: DbOrTx, cartId: string, kind: TPurchasableKind, line: TLine, quantity: number, replace = false) {
  const target = targetOf(line);
  const updated = await tx
    .update(cartItems)
    .set(replace ? { quantity, ...target, addedAt: sql`now()` } : { quantity })
    .where(sameLine(cartId, kind, line))
    .returning({ id: cartItems.id });
  if (updated.length === 0) await tx.insert(cartItems).values({ cartId, kind: kind.kind, quantity, ...target });
}

/** A write to a cart renews it: a guest cart lives on, and an abandoned-cart record's reminders end. */
export async function touchCart(tx: DbOrTx, cartId: string) {
  await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}
