import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
// Renamed (both): in app/ the React hooks lint would take a use- name for a hook.
import { apiTokens, registeredPerson, useGateway as withGateway } from "../../../tests/support/gateway-fixtures";
import { throughRoute } from "../../../tests/support/route-requests";
import { createSession } from "../../../tests/support/sessions";
import { checkoutFor, createTestProduct, onHandOf } from "../../../tests/support/store-fixtures";
import { useTestDatabase as withTestDatabase } from "../../../tests/support/test-database";
import { users } from "@server/auth/schema";
import { addToCart } from "@server/cart/add-to-cart";
import { getDb } from "@server/db/client";
import { checkOutCart, CONFIRM_EMAIL_FIRST } from "@server/orders/check-out-cart";
import { orders } from "@server/orders/schema";
import { action } from "./checkout";

// One checkout under the page and the app (server/orders/check-out-cart.ts): the rule that an e-mail address is
// confirmed before money moves is the use case's, so the checkout page and the app's POST /checkout refuse alike,
// with the same words, and place nothing.

withTestDatabase();
const call = withGateway("CHECKOUT02");

/** A person whose address is not confirmed (new in the app, or changed and not yet confirmed), with a battery in the cart. */
async function unconfirmedShopper(name: string) {
  const person = await registeredPerson(name);
  const { variant } = await createTestProduct({ name: "200Ah Tubular Battery", priceKobo: 28_500_000, onHand: 5 });
  expect(await addToCart({ userId: person.id }, { kind: "variant", variantId: variant.id, quantity: 1 })).toMatchObject({ ok: true });
  return { ...person, variantId: variant.id };
}

const ordersOf = async (userId: string) => getDb().select().from(orders).where(eq(orders.userId, userId));

/** The checkout page's form, sent from the site by a signed-in browser. */
async function postCheckoutPage(userId: string, name: string) {
  const { cookie } = await createSession(userId);
  const { fullName, phone, addressLine, city, state, checkoutKey } = checkoutFor(name);
  const form = new URLSearchParams({
    fullName,
    phone,
    addressLine,
    city,
    state,
    checkoutKey,
    deliveryMethod: "standard",
    paymentMethod: "bank_transfer",
  });
  const request = new Request("http://localhost:3000/checkout", {
    method: "POST",
    body: form,
    headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
  });
  return throughRoute(action, request, { pattern: "/checkout" });
}

describe("confirming the e-mail address before checking out", () => {
  it("is refused by the use case, the page and the app alike, in the same words, placing nothing", async () => {
    const amaka = await unconfirmedShopper("Amaka Chukwu");
    expect(await checkOutCart({ userId: amaka.id, email: amaka.email }, checkoutFor("Amaka Chukwu"))).toMatchObject({
      ok: false,
      error: { status: 403, message: CONFIRM_EMAIL_FIRST },
    });

    expect(await postCheckoutPage(amaka.id, "Amaka Chukwu")).toMatchObject({ status: 403, body: { formError: CONFIRM_EMAIL_FIRST } });

    const { token } = await apiTokens(call, amaka.email, `checkout-${amaka.id}`);
    const fromApp = await call("POST", "/checkout", {
      token,
      body: { ...checkoutFor("Amaka Chukwu"), checkoutKey: undefined, deliveryMethod: "standard", paymentMethod: "bank_transfer" },
      headers: { "Idempotency-Key": `amaka-checkout-${amaka.id}` },
    });
    expect(fromApp).toMatchObject({ status: 403, body: { code: "forbidden", message: CONFIRM_EMAIL_FIRST } });

    expect(await ordersOf(amaka.id)).toEqual([]);
    expect(await onHandOf(amaka.variantId)).toBe(5);
  });

  it("once confirmed, the page places the order and goes to its page", async () => {
    const bayo = await unconfirmedShopper("Bayo Adewale");
    await getDb().update(users).set({ emailVerified: true }).where(eq(users.id, bayo.id));
    const placed = await postCheckoutPage(bayo.id, "Bayo Adewale");
    const [order] = await ordersOf(bayo.id);
    expect(order).toMatchObject({ status: "pending_payment", paymentMethod: "bank_transfer" });
    expect(placed.status).toBe(302);
    expect(placed.headers.get("location")).toBe(`/payment-success?order=${order!.id}`);
  });
});
