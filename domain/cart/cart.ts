import type { TResult } from "../errors/app-error";

// The cart's shapes and limits, shared by the cart actions, the /cart page and the add-to-cart form.

/** No line may hold more than this, whatever the stock (products.max_per_order is at most 1000 too). */
export const MAX_LINE_QUANTITY = 1000;

/**
 * What a line buys (docs/decisions/0013-one-cart-many-kinds.md): a store variant, a seat in a course intake, a
 * ZavCharge wallet top-up, a ZavCharge plan renewal, or a marketplace seller's listing (a product or a design).
 */
export type TCartLineKind = "variant" | "course" | "wallet_topup" | "plan_renewal" | "listing";
export type TZavChargeLineKind = Extract<TCartLineKind, "wallet_topup" | "plan_renewal">;

export type TCartLine = {
  kind: TCartLineKind;
  /** Unique in a cart: "variant-12" or "course-5". */
  key: string;
  /** Set for a store line. */
  variantId: number | null;
  /** Set for a course line. */
  courseIntakeId: number | null;
  /** Set for a ZavCharge line: the account topped up or renewed. */
  zavchargeAccountId: number | null;
  /** Set for a plan renewal: the plan renewed. */
  zavchargePlanId: number | null;
  /** Set for a marketplace line: the listing bought. */
  listingId: number | null;
  /** The marketplace store selling the line (id and name); null for the house's own goods. */
  sellerId: string | null;
  sellerName: string | null;
  /** Where the line's name links: the product or the course page. */
  href: string;
  /** Whether the line is delivered (pays delivery); a course is not. */
  ships: boolean;
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

/** A wallet top-up is money held for the driver, not a sale yet: no VAT on it (docs/product/zavcharge.md#wallet). */
export const isTaxableLine = (line: { kind: TCartLineKind }) => line.kind !== "wallet_topup";

/** What a cart write answers: the message for the toast, whether the quantity was capped, the new summary and,
 * for a guest, their cart (new or renewed) so the action can set the cookie. */
export type TCartWrite = { message: string; capped: boolean; cart: TCartSummary; guestCartId: string | null };
export type TCartWriteResult = TResult<TCartWrite>;
