import { z } from "zod";
import { parseLineValue, targetOf, type TLineTarget } from "@domain/cart/cart";
import { ZAddQuantity, ZCartLineId, ZCartLineRef, ZCartLineValue, ZSetQuantity } from "@domain/cart/cart-input";
import { invalidInput, refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TLine, TPurchasableKind } from "../orders/purchasable-kind";
import { findPurchasableKind, purchasableKinds } from "../orders/purchasable-kinds";
import { targetOfLineRef } from "./cart-line-value";

/** What a cart form asks: a line (its kind, target and quantity) and, on /cart/update, whether to take it out. */
export type TCartForm = { line: TLine; remove: boolean };

const NOT_IN_CART = "That item is not in your cart.";

/** The kind and target a form names: a kind's own field ("variantId=12", as product pages post) or "line=<kind>:<ref>". */
function namedLine(fields: Record<string, string>, adding: boolean): TResult<Omit<TLine, "quantity">> {
  const own = purchasableKinds().find((k) => k.cartForm && fields[k.cartForm.field] !== undefined);
  if (own?.cartForm) {
    const { field, noun } = own.cartForm;
    const column = own.identity[0];
    const parsed = z.object({ [field]: column === "itemRef" ? ZCartLineRef(noun) : ZCartLineId(noun) }).safeParse(fields);
    if (!parsed.success) return invalidInput(parsed.error);
    return succeed({ kind: own.kind, ...targetOf({ [column!]: parsed.data[field] } as Partial<TLineTarget>) });
  }
  if (fields.line === undefined && adding) return refuse("invalid_input", "Choose what to add to your cart.");
  const value = ZCartLineValue.safeParse(fields.line);
  if (!value.success) return invalidInput(value.error);
  const named = parseLineValue(value.data);
  const kind: TPurchasableKind | undefined = named ? findPurchasableKind(named.kind) : undefined;
  const target = kind && named ? targetOfLineRef(kind, named.ref) : null;
  // A kind without a form of its own (a top-up, an investment) is put in the cart by its own page, with its own checks.
  if (!kind || !target || (adding && !kind.cartForm)) return refuse("not_found", NOT_IN_CART);
  return succeed({ kind: kind.kind, ...target });
}

/**
 * Reads /cart/add's or /cart/update's form (docs/decisions/0013-one-cart-many-kinds.md, "The cart"): which line, and
 * how many (adding: 1 unless said; updating: the quantity, 0 or intent=remove taking the line out).
 */
export function readCartForm(fields: Record<string, string>, purpose: "add" | "update"): TResult<TCartForm> {
  const adding = purpose === "add";
  const remove = !adding && fields.intent === "remove";
  const named = namedLine(fields, adding);
  if (!named.ok) return named;
  const { ok: _ok, ...line } = named;
  if (remove) return succeed({ line: { ...line, quantity: 0 }, remove });
  const quantity = (adding ? ZAddQuantity : ZSetQuantity).safeParse(fields);
  if (!quantity.success) return invalidInput(quantity.error);
  return succeed({ line: { ...line, quantity: quantity.data.quantity }, remove });
}
