import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { useFakePaystack } from "../../../tests/support/fake-paystack";
import { apiTokens, registeredPerson, useGateway } from "../../../tests/support/gateway-fixtures";
import { variantBySku } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { readCart } from "../../cart/read-cart";
import { getDb } from "../../db/client";
import { env } from "../../env";
import { apiIdempotencyKeys } from "../../gateway/schema";
import { orders } from "../../orders/schema";

// The cart and checkout through the API (docs/product/api-gateway.md#cart-and-checkout, #idempotency-keys): the
// website's own cart, and one order however often a checkout is retried with its Idempotency-Key.

useTestDatabase();
const paystack = useFakePaystack();
afterAll(() => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined });
});
const call = useGateway("CHECKOUT01");

const delivery = {
  fullName: "Chidinma Eze",
  phone: "0803 555 0147",
  addressLine: "14 Allen Avenue, Ikeja",
  city: "Ikeja",
  state: "Lagos",
  deliveryMethod: "standard",
  paymentMethod: "paystack",
};

async function shopper(name: string, confirmed = true) {
  const person = await registeredPerson(name, { confirmed });
  const { token } = await apiTokens(call, person.email, `checkout-${person.id}`);
  return { ...person, token };
}

describe("the cart", () => {
  it("is the website's cart: a line added through the API is in it, an unknown product is not found, and a line comes out again", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    const ada = await shopper("Adaeze Okonkwo");
    const added = await call("POST", "/cart/items", { token: ada.token, body: { variantId: kit.id, quantity: 2 } });
    expect(added).toMatchObject({
      status: 200,
      body: { itemCount: 2, currency: "NGN", lines: [{ sku: "SOLAR-LIGHTING-KIT", quantity: 2 }] },
    });
    expect((await readCart({ userId: ada.id })).lines.map((l) => [l.sku, l.quantity])).toEqual([["SOLAR-LIGHTING-KIT", 2]]);
    expect(await call("POST", "/cart/items", { token: ada.token, body: { variantId: 2_000_000, quantity: 1 } })).toMatchObject({
      status: 404,
    });
    expect(await call("DELETE", `/cart/items/${kit.id}`, { token: ada.token })).toMatchObject({ status: 200, body: { itemCount: 0 } });
  });
});

describe("checkout", () => {
  it("places one order however often it is retried with the same Idempotency-Key, and answers where to pay", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    const bayo = await shopper("Bayo Adekunle");
    await call("POST", "/cart/items", { token: bayo.token, body: { variantId: kit.id, quantity: 1 } });

    const key = `bayo-checkout-${Date.now()}`;
    const headers = { "Idempotency-Key": key };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call("POST", "/checkout", { token: bayo.token, body: delivery, headers }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.headers.get("idempotent-replayed")).toBe("true");
    expect(answers[0]!.body).toMatchObject({
      order: { status: "pending_payment", paymentMethod: "paystack", currency: "NGN" },
      payment: { authorizationUrl: expect.stringContaining(paystack.url) },
      paymentError: null,
    });
    expect(await getDb().select().from(orders).where(eq(orders.userId, bayo.id))).toHaveLength(1);

    // The same key with another body is refused; no key at all is refused; nothing more is ordered.
    const other = await call("POST", "/checkout", { token: bayo.token, body: { ...delivery, deliveryMethod: "express" }, headers });
    expect(other).toMatchObject({ status: 422, body: { code: "idempotency_key_reused", field: "Idempotency-Key" } });
    expect(await call("POST", "/checkout", { token: bayo.token, body: delivery })).toMatchObject({
      status: 400,
      body: { field: "Idempotency-Key" },
    });
    expect(await getDb().select().from(orders).where(eq(orders.userId, bayo.id))).toHaveLength(1);

    // The order is in the person's list.
    const listed = await call("GET", "/orders", { token: bayo.token });
    expect((listed.body.items as { number: string }[]).map((o) => o.number)).toEqual([
      (answers[0]!.body.order as { number: string }).number,
    ]);
  });

  it("two retries at once place one order", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    const kemi = await shopper("Kemi Adeyemi");
    await call("POST", "/cart/items", { token: kemi.token, body: { variantId: kit.id, quantity: 1 } });
    const headers = { "Idempotency-Key": `kemi-checkout-${Date.now()}` };
    const both = await Promise.all([
      call("POST", "/checkout", { token: kemi.token, body: delivery, headers }),
      call("POST", "/checkout", { token: kemi.token, body: delivery, headers }),
    ]);
    // One answers the order; the other either gets the same answer or is told the first is still being answered.
    expect(both.map((a) => a.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const a of both) expect([201, 409]).toContain(a.status);
    expect(await getDb().select().from(orders).where(eq(orders.userId, kemi.id))).toHaveLength(1);
  });

  it("a key whose first request never answered (its process died) is taken over by a retry a minute later, into one order", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    const yemi = await shopper("Yemi Alade");
    await call("POST", "/cart/items", { token: yemi.token, body: { variantId: kit.id, quantity: 1 } });
    const key = `yemi-checkout-${Date.now()}`;
    const first = await call("POST", "/checkout", { token: yemi.token, body: delivery, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    // As a process killed after placing the order and before keeping its answer leaves the key.
    const forget = (age: number) =>
      getDb()
        .update(apiIdempotencyKeys)
        .set({ responseStatus: null, responseBody: null, createdAt: new Date(Date.now() - age) })
        .where(eq(apiIdempotencyKeys.key, key));
    await forget(5_000);
    expect(await call("POST", "/checkout", { token: yemi.token, body: delivery, headers: { "Idempotency-Key": key } })).toMatchObject({
      status: 409,
    });
    await forget(2 * 60_000);
    const retried = await call("POST", "/checkout", { token: yemi.token, body: delivery, headers: { "Idempotency-Key": key } });
    expect(retried).toMatchObject({ status: 201, body: { order: { number: (first.body.order as { number: string }).number } } });
    expect(await getDb().select().from(orders).where(eq(orders.userId, yemi.id))).toHaveLength(1);
  });

  it("needs a confirmed e-mail address and a cart with something in it", async () => {
    const kit = await variantBySku("SOLAR-LIGHTING-KIT");
    const tunde = await shopper("Tunde Bakare", false);
    await call("POST", "/cart/items", { token: tunde.token, body: { variantId: kit.id, quantity: 1 } });
    const refused = await call("POST", "/checkout", {
      token: tunde.token,
      body: delivery,
      headers: { "Idempotency-Key": "tunde-checkout-01" },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden", message: expect.stringContaining("Confirm your e-mail") } });
    expect(await getDb().select().from(orders).where(eq(orders.userId, tunde.id))).toHaveLength(0);

    const empty = await shopper("Femi Adebayo");
    const nothing = await call("POST", "/checkout", {
      token: empty.token,
      body: delivery,
      headers: { "Idempotency-Key": "femi-checkout-01" },
    });
    expect(nothing.status).toBeGreaterThanOrEqual(400);
    expect(nothing.status).toBeLessThan(500);
  });
});
