import { z } from "zod";
import { LINE_VALUE, MAX_LINE_QUANTITY } from "./cart";

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

/**
 * The reference a kind's own form field carries (docs/decisions/0013-one-cart-many-kinds.md, "The cart"): a row id
 * ("variantId=12") or, for a kind without an id column, its own reference ("voucher=GV-100").
 */
export const ZCartLineId = (noun: string) =>
  wholeNumber(noun).pipe(z.number().int().min(1, `Choose a ${noun}`).max(2_147_483_647, `That ${noun} does not exist`));
export const ZCartLineRef = (noun: string) =>
  z.string({ error: `Choose a ${noun}` }).regex(/^[A-Za-z0-9_-]{1,100}$/, `That ${noun} does not exist`);

/** The cart page's name for any line: "<kind>:<reference>" (LINE_VALUE). */
export const ZCartLineValue = z.string({ error: "That item is not in your cart." }).regex(LINE_VALUE, "That item is not in your cart.");

/** How many to add (1 when the form says nothing). */
export const ZAddQuantity = z.object({ quantity: ZAddToCart.shape.quantity });
/** How many the line should hold (0 removes it). */
export const ZSetQuantity = z.object({ quantity: ZSetCartQuantity.shape.quantity });
