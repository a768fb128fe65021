import { createHash } from "node:crypto";
import { z } from "zod";
import { ZAddCourseToCart, ZAddToCart } from "@domain/cart/cart-input";
import { refuse, type TFailure } from "@domain/errors/app-error";
import { ZCheckout } from "@domain/orders/checkout-input";
import { addToCart } from "../../cart/add-to-cart";
import { readCart } from "../../cart/read-cart";
import { removeFromCart } from "../../cart/remove-from-cart";
import { getCustomerOrderByNumber } from "../../orders/list-customer-orders";
import { checkOutCart } from "../../orders/check-out-cart";
import { userOperation, type TApiAnswer, type TApiOperation } from "./api-operation";
import { orderSummary, ZOrderLine, ZOrderSummary } from "./orders-operations";

// The cart and checkout through the API (docs/product/api-gateway.md#cart-and-checkout): the same cart as the website
// (a line added on the phone is in the cart on the site), and the same checkout, which places one order however often
// it is retried with the same Idempotency-Key.

/** A cart line: an order's line, with its key in the cart and how many may be bought. */
const ZCartLine = z.object({
  key: z.string(),
  ...ZOrderLine.shape,
  maxQuantity: z.number().int(),
  closedNote: z.string().nullable(),
});
const ZCart = z
  .object({ lines: z.array(ZCartLine), itemCount: z.number().int(), subtotalKobo: z.number().int(), currency: z.literal("NGN") })
  .meta({ id: "Cart" });

const ZApiCheckout = ZCheckout.omit({ checkoutKey: true }).meta({ id: "CheckoutRequest" });

const ZCheckoutAnswer = z
  .object({
    order: ZOrderSummary,
    payment: z
      .object({ authorizationUrl: z.string(), reference: z.string() })
      .nullable()
      .describe("Where to pay, for Paystack or Flutterwave; null for bank transfer and pay on delivery"),
    paymentError: z.string().nullable(),
  })
  .meta({ id: "CheckoutAnswer" });

async function cartOf(userId: string) {
  const cart = await readCart({ userId });
  return {
    lines: cart.lines.map((l) => ({
      key: l.key,
      kind: l.kind,
      name: l.productName,
      variant: l.variantName,
      sku: l.sku,
      quantity: l.quantity,
      unitPriceKobo: l.unitPriceKobo,
      lineTotalKobo: l.unitPriceKobo * l.quantity,
      maxQuantity: l.maxQuantity,
      closedNote: l.closedNote,
    })),
    itemCount: cart.itemCount,
    subtotalKobo: cart.totalKobo,
    currency: "NGN" as const,
  };
}

/** What a change to the cart answers: the cart after it. */
const CART_AFTER_CHANGE = { status: 200, schema: ZCart, description: "The cart after the change" } as const;

/** The cart after a change (the website's own add and remove), or the change's refusal. */
async function cartAfter(userId: string, change: { ok: true } | TFailure): Promise<TApiAnswer | TFailure> {
  return change.ok ? { status: 200, body: await cartOf(userId) } : change;
}

/** The order's checkout key, from the person and their Idempotency-Key: one order per key, even across our restarts. */
function checkoutKeyOf(userId: string, idempotencyKey: string) {
  const h = createHash("sha256").update(`api-checkout:${userId}:${idempotencyKey}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const checkoutOperations: TApiOperation[] = [
  userOperation({
    method: "GET",
    path: "/cart",
    operationId: "getCart",
    summary: "Your cart (the same one as on the website)",
    tag: "Cart",
    success: { status: 200, schema: ZCart, description: "The cart" },
    refusals: [],
    example: {},
    async handle({ caller }) {
      return { status: 200, body: await cartOf(caller.viewer.id) };
    },
  }),
  userOperation({
    method: "POST",
    path: "/cart/items",
    operationId: "addToCart",
    summary: "Add a product variant to your cart (capped at what may be bought)",
    tag: "Cart",
    body: ZAddToCart,
    success: CART_AFTER_CHANGE,
    refusals: [404, 409],
    async handle({ caller, body }) {
      return cartAfter(caller.viewer.id, await addToCart({ userId: caller.viewer.id }, { kind: "variant", ...body }));
    },
  }),
  userOperation({
    method: "DELETE",
    path: "/cart/items/{variantId}",
    operationId: "removeFromCart",
    summary: "Take a product variant out of your cart",
    tag: "Cart",
    success: CART_AFTER_CHANGE,
    refusals: [404],
    async handle({ caller, params }) {
      const variantId = Number(params.variantId);
      if (!Number.isSafeInteger(variantId) || variantId < 1) return refuse("not_found", "That product is not in your cart.");
      return cartAfter(caller.viewer.id, await removeFromCart({ userId: caller.viewer.id }, { kind: "variant", variantId }));
    },
  }),
  userOperation({
    method: "POST",
    path: "/cart/courses",
    operationId: "addCourseToCart",
    summary: "Add a seat in a paid course's intake to your cart (one seat a line), to pay for it at POST /checkout",
    tag: "Cart",
    body: ZAddCourseToCart,
    success: CART_AFTER_CHANGE,
    refusals: [404, 409],
    async handle({ caller, body }) {
      // The page's own use case and messages (docs/product/academy.md#enrolment): a free course is refused (400).
      return cartAfter(caller.viewer.id, await addToCart({ userId: caller.viewer.id }, { kind: "course", courseIntakeId: body.intakeId }));
    },
  }),
  userOperation({
    method: "DELETE",
    path: "/cart/courses/{intakeId}",
    operationId: "removeCourseFromCart",
    summary: "Take a course intake's seat out of your cart",
    tag: "Cart",
    success: CART_AFTER_CHANGE,
    refusals: [404],
    async handle({ caller, params }) {
      const courseIntakeId = Number(params.intakeId);
      if (!Number.isSafeInteger(courseIntakeId) || courseIntakeId < 1) return refuse("not_found", "That course is not in your cart.");
      return cartAfter(caller.viewer.id, await removeFromCart({ userId: caller.viewer.id }, { kind: "course", courseIntakeId }));
    },
  }),
  userOperation({
    method: "POST",
    path: "/checkout",
    operationId: "checkout",
    summary: "Place an order of your cart; with Paystack or Flutterwave, where to pay. Needs an Idempotency-Key.",
    tag: "Cart",
    body: ZApiCheckout,
    idempotent: true,
    success: { status: 201, schema: ZCheckoutAnswer, description: "The order placed (or the one this key placed before)" },
    refusals: [403, 409, 422],
    async handle({ caller, body, idempotencyKey }) {
      // The page's own checkout (server/orders/check-out-cart.ts), e-mail rule included.
      const placed = await checkOutCart(
        { userId: caller.viewer.id, email: caller.viewer.email },
        { ...body, checkoutKey: checkoutKeyOf(caller.viewer.id, idempotencyKey!) },
      );
      if (!placed.ok) return placed;
      const { order, payment, paymentError } = placed;
      const detail = await getCustomerOrderByNumber(caller.viewer.id, order.number);
      return {
        status: 201,
        body: {
          order: orderSummary(detail!),
          payment: payment && { authorizationUrl: payment.url, reference: payment.reference },
          paymentError,
        },
      };
    },
  }),
];
