import { NO_TARGET, type TLineTarget } from "@domain/cart/cart";
import type { TPurchasableKind } from "../orders/purchasable-kind";
import { cartItems } from "./schema";

// How the cart's forms name a line (docs/decisions/0013-one-cart-many-kinds.md, "The cart"): by the values of the
// target columns its kind says identify it, so the cart needs nothing of a kind but its identity.

/** The columns that say what a cart line is (its target), to select with the line. */
export const LINE_TARGET_COLUMNS = {
  variantId: cartItems.variantId,
  courseIntakeId: cartItems.courseIntakeId,
  zavchargeAccountId: cartItems.zavchargeAccountId,
  zavchargePlanId: cartItems.zavchargePlanId,
  listingId: cartItems.listingId,
  amountKobo: cartItems.amountKobo,
  itemRef: cartItems.itemRef,
};

const ID = /^[1-9]\d{0,9}$/;

/** The reference of a line: its identity's values, joined by "." ("12", "tier-3"). */
export const lineRefOf = (kind: TPurchasableKind, target: Partial<TLineTarget>): string =>
  kind.identity.map((column) => String(target[column] ?? "")).join(".");

/** The line a reference names, or null when it does not fit the kind's identity (a made-up or damaged value). */
export function targetOfLineRef(kind: TPurchasableKind, ref: string): TLineTarget | null {
  const parts = ref.split(".");
  if (parts.length !== kind.identity.length) return null;
  const target: TLineTarget = { ...NO_TARGET };
  for (const [i, column] of kind.identity.entries()) {
    const part = parts[i]!;
    if (column === "itemRef") {
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(part)) return null;
      target.itemRef = part;
    } else {
      if (!ID.test(part) || Number(part) > 2_147_483_647) return null;
      target[column] = Number(part);
    }
  }
  return target;
}
