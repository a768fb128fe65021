import { targetOf, type TCartOwner, type TCartWriteResult } from "@domain/cart/cart";
import { refuse, succeed } from "@domain/errors/app-error";
import { getDb, type DbOrTx } from "../db/client";
import type { TLine } from "../orders/purchasable-kind";
import { findPurchasableKind } from "../orders/purchasable-kinds";
import { findOrCreateCart } from "./find-or-create-cart";
import { cartLineQuantity, putCartLine, touchCart } from "./put-cart-line";
import { readCartSummary } from "./read-cart";

/** After a write: the panel's numbers, and the guest cart id whose cookie the action sets or renews. */
export async function afterCartWrite(owner: TCartOwner, cartId: string, tx: DbOrTx) {
  const guestCartId = owner.userId ? null : cartId;
  return { guestCartId, cart: await readCartSummary(owner.userId ? owner : { guestCartId }, tx) };
}

export const addedMessage = (name: string, quantity: number) => `Added ${quantity === 1 ? "" : `${quantity} x `}${name} to your cart`;

/**
 * Adds a line of any kind (docs/product/store-and-orders.md#cart, docs/decisions/0013-one-cart-many-kinds.md, "The
 * cart"): its kind says whether this person may hold it and how many; a line already in the cart is summed and capped
 * (the message says so), replaced (a new top-up amount) or refused (a seat bought once), as the kind says. The cart row
 * is locked for the transaction, so two quick adds both count.
 */
export async function addToCart(owner: TCartOwner, asked: Partial<TLine> & Pick<TLine, "kind">): Promise<TCartWriteResult> {
  const kind = findPurchasableKind(asked.kind);
  if (!kind) return refuse("not_found", "That item is not sold here.");
  const quantity = asked.quantity ?? 1;
  return getDb().transaction(async (tx): Promise<TCartWriteResult> => {
    const offered = await kind.offer(tx, { ...lineOf(asked), quantity }, { userId: owner.userId ?? null });
    if (!offered.ok) return offered;
    const line = { ...lineOf({ ...asked, ...offered.target }), quantity };
    const { cartId } = await findOrCreateCart(owner, tx);
    const current = await cartLineQuantity(tx, cartId, kind, line);
    const again = offered.again;
    if (current > 0 && typeof again === "object") return refuse("conflict", again.refusal);
    const base = again === "sum" ? current : 0;
    if (base >= offered.maxQuantity) return refuse("conflict", offered.capped(base));
    const next = Math.min(base + quantity, offered.maxQuantity);
    await putCartLine(tx, cartId, kind, line, next, again === "replace");
    await touchCart(tx, cartId);
    const capped = next < base + quantity;
    const message = capped ? offered.capped(next) : addedMessage(offered.name, quantity);
    return succeed({ message, capped, ...(await afterCartWrite(owner, cartId, tx)) });
  });
}

/** A line from what a caller names: its kind, target columns (the rest null) and quantity. */
export const lineOf = (asked: Partial<TLine> & Pick<TLine, "kind">): TLine => ({
  kind: asked.kind,
  quantity: asked.quantity ?? 1,
  ...targetOf(asked),
});
