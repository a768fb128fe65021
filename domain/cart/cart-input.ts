import { z } from "zod";
import { ITEM_LINE, MAX_LINE_QUANTITY } from "./cart";

// The cart forms as the server reads them (docs/product/store-and-orders.md); apart from cart.ts so the cart page and
// the add-to-cart button do not ship zod.

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

const ZIntakeId = wholeNumber("course intake").pipe(
  z.number().int().min(1, "Choose an intake").max(2_147_483_647, "That course intake does not exist"),
);

/** Adding a seat in a paid course's intake: one per line, no quantity (docs/product/academy.md#enrolment). */
export const ZAddCourseToCart = z.object({ intakeId: ZIntakeId });
export type TAddCourseToCart = z.output<typeof ZAddCourseToCart>;

const ZListingId = wholeNumber("listing").pipe(
  z.number().int().min(1, "Choose a listing").max(2_147_483_647, "That listing does not exist"),
);

/** Adding a marketplace listing: a product with a quantity, a design once (docs/product/marketplace.md#buying). */
export const ZAddListingToCart = z.object({
  listingId: ZListingId,
  quantity: ZAddToCart.shape.quantity,
});
export type TAddListingToCart = z.output<typeof ZAddListingToCart>;

export const ZSetListingQuantity = z.object({ listingId: ZListingId, quantity: ZSetCartQuantity.shape.quantity });
export type TSetListingQuantity = z.output<typeof ZSetListingQuantity>;

/** Removing a line: a store variant, a course intake, or a ZavCharge top-up or renewal. */
export const ZRemoveFromCart = z.union([
  z.object({ courseIntakeId: ZIntakeId }),
  z.object({ zavchargeLine: z.enum(["wallet_topup", "plan_renewal"]) }),
  z.object({ listingId: ZListingId }),
  // A line of a kind with its own reference (docs/decisions/0013-one-cart-many-kinds.md): "investment:tier-3".
  z.object({ itemLine: z.string().regex(ITEM_LINE, "That item is not in your cart.") }),
  ZSetCartQuantity.pick({ variantId: true }),
]);
export type TRemoveFromCart =
  | { variantId: number }
  | { courseIntakeId: number }
  | { zavchargeLine: "wallet_topup" | "plan_renewal" }
  | { listingId: number }
  | { itemLine: string };
