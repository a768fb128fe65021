import type { TResult } from "../errors/app-error";

// The cart's shapes and limits, shared by the cart actions, the /cart page and the add-to-cart form.

/** No line may hold more than this, whatever the stock (products.max_per_order is at most 1000 too). */
export const MAX_LINE_QUANTITY = 1000;

/**
 * What a line buys (docs/decisions/0013-one-cart-many-kinds.md): a store variant, a seat in a course intake, a
 * ZavCharge wallet top-up, a ZavCharge plan renewal, or a marketplace seller's listing (a product or a design). Each
 * kind is registered by the context that sells it (server/orders/purchasable-kinds.ts); a new kind needs no change here.
 */
export type TKnownLineKind = "variant" | "course" | "wallet_topup" | "plan_renewal" | "listing";
export type TCartLineKind = TKnownLineKind | (string & {});
export type TZavChargeLineKind = "wallet_topup" | "plan_renewal";

/**
 * What a line points at: the columns a cart line, a saved cart's line and an order line share. A kind uses its own
 * id column, or `itemRef` (its own reference, such as "tier-3") when it has none; `amountKobo` is a price the buyer chose.
 */
export type TLineTarget = {
  /** A store line's variant. */
  variantId: number | null;
  /** A course line's intake. */
  courseIntakeId: number | null;
  /** A ZavCharge line: the account topped up or renewed. */
  zavchargeAccountId: number | null;
  /** A plan renewal: the plan renewed. */
  zavchargePlanId: number | null;
  /** A marketplace line: the listing bought. */
  listingId: number | null;
  /** A price the buyer chose (a wallet top-up's amount); null when the price is read from a catalogue. */
  amountKobo: number | null;
  /** Any other kind's own reference. */
  itemRef: string | null;
};
export const TARGET_COLUMNS = [
  "variantId",
  "courseIntakeId",
  "zavchargeAccountId",
  "zavchargePlanId",
  "listingId",
  "amountKobo",
  "itemRef",
] as const satisfies readonly (keyof TLineTarget)[];
export const NO_TARGET: TLineTarget = {
  variantId: null,
  courseIntakeId: null,
  zavchargeAccountId: null,
  zavchargePlanId: null,
  listingId: null,
  amountKobo: null,
  itemRef: null,
};
/** The target columns of any line-shaped value (old saved carts lack the newer columns: they read as null). */
export const targetOf = (l: Partial<TLineTarget>): TLineTarget => ({
  variantId: l.variantId ?? null,
  courseIntakeId: l.courseIntakeId ?? null,
  zavchargeAccountId: l.zavchargeAccountId ?? null,
  zavchargePlanId: l.zavchargePlanId ?? null,
  listingId: l.listingId ?? null,
  amountKobo: l.amountKobo ?? null,
  itemRef: l.itemRef ?? null,
});

/**
 * The form value naming any line to /cart/update: its kind and its identity's values, "variant:12",
 * "investment:tier-3" (docs/decisions/0013-one-cart-many-kinds.md, "The cart").
 */
export const LINE_VALUE = /^[a-z][a-z_]{1,30}:[A-Za-z0-9_.-]{1,100}$/;
export function parseLineValue(value: string): { kind: string; ref: string } | null {
  if (!LINE_VALUE.test(value)) return null;
  const cut = value.indexOf(":");
  return { kind: value.slice(0, cut), ref: value.slice(cut + 1) };
}

export type TCartLine = TLineTarget & {
  kind: TCartLineKind;
  /** Unique in a cart: "variant-12" or "course-5". */
  key: string;
  /** The marketplace store selling the line (id and name); null for the house's own goods. */
  sellerId: string | null;
  sellerName: string | null;
  /** Where the line's name links: the product or the course page. */
  href: string;
  /** Whether the line is delivered (pays delivery); a course is not. */
  ships: boolean;
  /** Whether VAT applies: a wallet top-up is money held for the driver, not a sale yet. */
  taxable: boolean;
  productName: string;
  variantName: string;
  sku: string;
  image: string | null;
  unitPriceKobo: number;
  quantity: number;
  /** min(products.max_per_order, available): what this line may hold now. */
  maxQuantity: number;
  /** Units that can still be sold (on hand minus active reservations); 0 when the product was withdrawn. */
  available: number;
  /** Said instead of a quantity box when the line is one of a kind ("One seat"); null when the quantity can change. */
  fixedQuantityNote: string | null;
  /** Said before the price ("Course fee "), usually empty. */
  pricePrefix: string;
  /** Said when the line cannot be bought any more; null for the stock message. */
  closedNote: string | null;
  /** The field naming this line to /cart/update (its remove and quantity forms). */
  formField: { name: string; value: string };
};

export type TCartSummary = { itemCount: number; totalKobo: number };
export type TCart = TCartSummary & { cartId: string | null; lines: TCartLine[] };
export const EMPTY_CART_SUMMARY: TCartSummary = { itemCount: 0, totalKobo: 0 };

/** Who a cart belongs to: a signed-in user, or a guest known by the cart id in their cookie. */
export type TCartOwner = { userId?: string | null; guestCartId?: string | null };

/** What a capped line says: the stock or the per-order limit, and what the cart now holds. */
export function capMessage(line: { maxQuantity: number; available: number }, inCart: number): string {
  const limit =
    line.maxQuantity < line.available ? `You can buy at most ${line.maxQuantity} per order` : `Only ${line.available} available`;
  return `${limit}; your cart has ${inCart}`;
}

/** What a cart write answers: the message for the toast, whether the quantity was capped, the new summary and,
 * for a guest, their cart (new or renewed) so the action can set the cookie. */
export type TCartWrite = { message: string; capped: boolean; cart: TCartSummary; guestCartId: string | null };
export type TCartWriteResult = TResult<TCartWrite>;
