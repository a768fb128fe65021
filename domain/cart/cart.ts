import { z } from "zod";

// The cart's shapes and input rules, shared by the cart actions, the /cart page and the add-to-cart form.

/** No line may hold more than this, whatever the stock (products.max_per_order is at most 1000 too). */
export const MAX_LINE_QUANTITY = 1000;

export type TCartLine = {
  variantId: number;
  productId: number;
  slug: string;
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

const WHOLE = /^[+-]?\d+$/;

/** Form text (or a number) to a whole number, with a message a shopper understands. */
const wholeNumber = (what: string) =>
  z.union([z.string(), z.number()], { error: `Enter the ${what} as a whole number` }).transform((value, ctx) => {
    const text = String(value).trim();
    if (!WHOLE.test(text)) {
      ctx.addIssue({ code: "custom", message: `Enter the ${what} as a whole number` });
      return z.NEVER;
    }
    return Number(text);
  });

const ZVariantId = wholeNumber("product").pipe(
  z.number().int().min(1, "Choose a product").max(2_147_483_647, "That product does not exist"),
);

export const ZAddToCart = z.object({
  variantId: ZVariantId,
  quantity: z
    .preprocess((v) => (v === undefined || v === "" ? 1 : v), wholeNumber("quantity"))
    .pipe(z.number().min(1, "Add at least 1").max(MAX_LINE_QUANTITY, `You can add at most ${MAX_LINE_QUANTITY} at a time`)),
});
export type TAddToCart = z.output<typeof ZAddToCart>;

/** Setting a line: 0 removes it; a negative number is refused as bad input rather than read as "remove". */
export const ZSetCartQuantity = z.object({
  variantId: ZVariantId,
  quantity: wholeNumber("quantity").pipe(
    z.number().min(0, "The quantity cannot be negative").max(MAX_LINE_QUANTITY, `The quantity cannot be more than ${MAX_LINE_QUANTITY}`),
  ),
});
export type TSetCartQuantity = z.output<typeof ZSetCartQuantity>;

/** The first message of a failed parse, for a toast. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Please check the quantity and try again";
}

/** What a capped line says: the stock or the per-order limit, and what the cart now holds. */
export function capMessage(line: { maxQuantity: number; available: number }, inCart: number): string {
  const limit =
    line.maxQuantity < line.available ? `You can buy at most ${line.maxQuantity} per order` : `Only ${line.available} available`;
  return `${limit}; your cart has ${inCart}`;
}

/** What a cart write answers. guestCartId: the guest's cart (new or renewed), for the action to set the cookie. */
export type TCartWriteResult =
  | { ok: true; message: string; capped: boolean; cart: TCartSummary; guestCartId: string | null }
  | { ok: false; status: 400 | 404 | 409; error: string };

/** JSON answer of /cart/add and /cart/update to a fetcher. */
export type TCartActionResult = { ok: true; message: string; capped?: boolean; cart: TCartSummary } | { ok: false; error: string };
