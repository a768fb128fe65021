import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TCheckout } from "@domain/orders/checkout-input";
import { users } from "../auth/schema";
import { readCart } from "../cart/read-cart";
import { getDb } from "../db/client";
import { startOnlinePayment } from "../payments/start-online-payment";
import { orderLinesFromCart, placeOrder, type TPlaced } from "./place-order";

export type TCheckedOut = TPlaced & {
  /** Where to pay, for a card order waiting for its payment; null otherwise. */
  payment: { url: string; reference: string } | null;
  /** Why the card payment could not be started: the order stands and holds its stock, and may be paid again. */
  paymentError: string | null;
};

export const CONFIRM_EMAIL_FIRST = "Confirm your e-mail address first: open the link we sent you when you registered.";

/**
 * A whole checkout, for the checkout page and the app's POST /checkout alike (docs/product/store-and-orders.md): the
 * customer's e-mail confirmed before any money moves (read here, whoever asks), the cart read, the order placed under
 * the checkout's key (the same key finds the order it placed before) and, for a card order, its payment started.
 */
export async function checkOutCart(customer: { userId: string; email: string }, checkout: TCheckout): Promise<TResult<TCheckedOut>> {
  const [person] = await getDb().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, customer.userId));
  if (!person?.emailVerified) return refuse("forbidden", CONFIRM_EMAIL_FIRST);
  const cart = await readCart({ userId: customer.userId });
  const placed = await placeOrder({ customer, checkout, lines: orderLinesFromCart(cart.lines) });
  if (!placed.ok) return placed;
  const { order } = placed;
  if ((order.paymentMethod !== "paystack" && order.paymentMethod !== "flutterwave") || order.status !== "pending_payment")
    return succeed({ order, created: placed.created, payment: null, paymentError: null });
  const started = await startOnlinePayment({ orderId: order.id, userId: customer.userId });
  return succeed({
    order,
    created: placed.created,
    payment: started.ok ? { url: started.url, reference: started.reference } : null,
    paymentError: started.ok ? null : started.error.message,
  });
}
