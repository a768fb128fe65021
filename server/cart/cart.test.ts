import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestCourse } from "../../tests/support/certificate-fixtures";
import { listProduct, makeSeller } from "../../tests/support/marketplace-fixtures";
import { createCartTestProducts, makeUser } from "../../tests/support/store-fixtures";
import { courses } from "../academy/schema";
import { useTestDatabase } from "../../tests/support/test-database";
import { products, productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import type { TCartOwner } from "@domain/cart/cart";
import { addToCart as addParsed } from "./add-to-cart";
import { readGuestCartId } from "./cart-cookie";
import { clearCart } from "./clear-cart";
import { deleteStaleGuestCarts } from "./delete-stale-guest-carts";
import { readCart, readCartSummary } from "./read-cart";
import { readCartForm } from "./read-cart-form";
import { removeFromCart as removeParsed } from "./remove-from-cart";
import { cartItems, carts } from "./schema";
import { setCartQuantity as setParsed } from "./set-cart-quantity";

useTestDatabase();

// The cart actions as the routes run them: the form's text fields read by readCartForm, then the use case.
const formOf = (fields: object) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));
async function addToCart(owner: TCartOwner, fields: object) {
  const form = readCartForm(formOf(fields), "add");
  return form.ok ? addParsed(owner, form.line) : form;
}
async function setCartQuantity(owner: TCartOwner, fields: object) {
  const form = readCartForm(formOf(fields), "update");
  return form.ok ? setParsed(owner, form.line) : form;
}
async function removeFromCart(owner: TCartOwner, fields: object) {
  const form = readCartForm({ ...formOf(fields), intent: "remove" }, "update");
  return form.ok ? removeParsed(owner, form.line) : form;
}

const SKU = {
  panel: "MONO-PERC-450W-PANEL",
  wallBed: "WALL-BED-WITH-DESK",
  sofa: "DETACHABLE-SMART-SOFA",
  light: "SOLAR-LIGHTING-KIT",
} as const;
const ids = {} as Record<keyof typeof SKU, number>;

beforeAll(async () => {
  const made = await createCartTestProducts();
  for (const [key, sku] of Object.entries(SKU)) ids[key as keyof typeof SKU] = made[sku];
});

async function guestWith(variantId: number, quantity: number | string = 1) {
  const result = await addToCart({}, { kind: "variant", variantId: String(variantId), quantity: String(quantity) });
  if (!result.ok || !result.guestCartId) throw new Error(`add failed: ${JSON.stringify(result)}`);
  return result.guestCartId;
}

const setOnHand = (variantId: number, onHand: number) =>
  getDb().update(productVariants).set({ onHand }).where(eq(productVariants.id, variantId));
const cartRows = async () =>
  (await getDb().select({ id: cartItems.id, quantity: cartItems.quantity }).from(cartItems)).map((r) => `${r.id}:${r.quantity}`).sort();

describe("guest cart", () => {
  it("creates a cart on the first add and reads it back with display fields, price and stock", async () => {
    const first = await addToCart({}, { kind: "variant", variantId: String(ids.panel), quantity: "2" });
    expect(first).toMatchObject({
      ok: true,
      capped: false,
      message: "Added 2 x Mono PERC 450W Solar Panel to your cart",
      cart: { itemCount: 2, totalKobo: 33_000_000 },
    });
    const guestCartId = first.ok ? first.guestCartId! : "";
    const second = await addToCart({ guestCartId }, { kind: "variant", variantId: ids.light });
    expect(second).toMatchObject({ ok: true, guestCartId, cart: { itemCount: 3, totalKobo: 37_500_000 } });

    const cart = await readCart({ guestCartId });
    expect(cart).toMatchObject({ cartId: guestCartId, itemCount: 3, totalKobo: 37_500_000 });
    expect(cart.lines[0]).toEqual({
      kind: "variant",
      key: `variant-${ids.panel}`,
      variantId: ids.panel,
      courseIntakeId: null,
      zavchargeAccountId: null,
      zavchargePlanId: null,
      listingId: null,
      amountKobo: null,
      itemRef: null,
      sellerId: null,
      sellerName: null,
      href: "/store/mono-perc-450w-panel",
      ships: true,
      taxable: true,
      productName: "Mono PERC 450W Solar Panel",
      variantName: "Standard",
      sku: SKU.panel,
      image: "/images/products/panels.svg",
      unitPriceKobo: 16_500_000,
      quantity: 2,
      maxQuantity: 10, // max per order (140 on hand)
      available: 140,
      fixedQuantityNote: null,
      pricePrefix: "",
      closedNote: null,
      formField: { name: "variantId", value: String(ids.panel) },
    });
    expect(await readCartSummary({ guestCartId })).toEqual({ itemCount: 3, totalKobo: 37_500_000 });
  });

  it("reads an unknown or forged cart id as an empty cart, and never as a user's cart", async () => {
    expect(await readCart({ guestCartId: "00000000-0000-4000-8000-000000000000" })).toEqual({
      cartId: null,
      lines: [],
      itemCount: 0,
      totalKobo: 0,
    });
    const userId = (await makeUser("customer", "Chiamaka Obi")).id;
    await addToCart({ userId }, { kind: "variant", variantId: ids.panel });
    const [userCart] = await getDb().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    expect((await readCart({ guestCartId: userCart!.id })).lines).toEqual([]);
    // Adding with that id as a guest makes a new cart rather than writing into the user's.
    const added = await addToCart({ guestCartId: userCart!.id }, { kind: "variant", variantId: ids.light });
    expect(added.ok && added.guestCartId).not.toBe(userCart!.id);
    expect((await readCart({ userId })).itemCount).toBe(1);
  });

  it("asks nothing of the database for a visitor without cart or session", async () => {
    expect(await readCartSummary({})).toEqual({ itemCount: 0, totalKobo: 0 });
    expect(await readCart({ userId: null, guestCartId: null })).toMatchObject({ cartId: null, itemCount: 0 });
  });

  it("reads the cookie's cart id only when it is a uuid", () => {
    const req = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });
    expect(readGuestCartId(req("theme=dark; cart=3F2504E0-4F89-41D3-9A0C-0305E82C3301"))).toBe("3f2504e0-4f89-41d3-9a0c-0305e82c3301");
    expect(readGuestCartId(req("cart=' or 1=1 --"))).toBeNull();
    expect(readGuestCartId(req("mycart=3f2504e0-4f89-41d3-9a0c-0305e82c3301"))).toBeNull();
  });
});

describe("the floating panel's count and total", () => {
  it("adds up every kind in one cart as the cart page does: a product, a course seat and a seller's piece", async () => {
    const buyer = await makeUser("customer", "Chiamaka Obi");
    const owner = { userId: buyer.id };
    expect((await addToCart(owner, { variantId: String(ids.panel), quantity: "2" })).ok).toBe(true);
    const { course, intake } = await createTestCourse({ title: "Inverter Maintenance" });
    await getDb().update(courses).set({ priceKobo: 2_500_000 }).where(eq(courses.id, course.id));
    expect((await addToCart(owner, { intakeId: intake.id })).ok).toBe(true);
    const listing = await listProduct(await makeSeller(), { priceKobo: 7_500_000, stock: 3 });
    expect((await addToCart(owner, { listingId: listing.id, quantity: 1 })).ok).toBe(true);

    const cart = await readCart(owner);
    expect(cart.lines).toHaveLength(3);
    expect(await readCartSummary(owner)).toEqual({ itemCount: 4, totalKobo: 2 * 16_500_000 + 2_500_000 + 7_500_000 });
    expect(await readCartSummary(owner)).toEqual({ itemCount: cart.itemCount, totalKobo: cart.totalKobo });
  });
});

describe("cart caps (docs/product/store-and-orders.md#cart)", () => {
  it("sums an existing line then caps it at the stock, and says so", async () => {
    const guestCartId = await guestWith(ids.wallBed, 3); // 5 on hand
    const more = await addToCart({ guestCartId }, { kind: "variant", variantId: ids.wallBed, quantity: 4 });
    expect(more).toMatchObject({ ok: true, capped: true, message: "Only 5 available; your cart has 5" });
    const again = await addToCart({ guestCartId }, { kind: "variant", variantId: ids.wallBed, quantity: 1 });
    expect(again).toMatchObject({ ok: false, error: { status: 409, message: "Only 5 available; your cart has 5" } });
    expect((await readCart({ guestCartId })).lines[0]!.quantity).toBe(5);
  });

  it("caps at the product's max per order when stock is larger", async () => {
    await getDb().update(products).set({ maxPerOrder: 3 }).where(eq(products.slug, "solar-lighting-kit"));
    try {
      const guestCartId = await guestWith(ids.light, 2);
      const more = await addToCart({ guestCartId }, { kind: "variant", variantId: ids.light, quantity: 5 });
      expect(more).toMatchObject({ ok: true, capped: true, message: "You can buy at most 3 per order; your cart has 3" });
      expect(await setCartQuantity({ guestCartId }, { variantId: ids.light, quantity: "50" })).toMatchObject({
        ok: true,
        capped: true,
        cart: { itemCount: 3 },
      });
    } finally {
      await getDb().update(products).set({ maxPerOrder: 10 }).where(eq(products.slug, "solar-lighting-kit"));
    }
  });

  it("refuses an out-of-stock or withdrawn product and shows a line whose stock dropped", async () => {
    const guestCartId = await guestWith(ids.sofa, 4);
    await setOnHand(ids.sofa, 2);
    try {
      const line = (await readCart({ guestCartId })).lines[0]!;
      expect(line).toMatchObject({ quantity: 4, available: 2, maxQuantity: 2 });
      await setOnHand(ids.sofa, 0);
      expect(await addToCart({}, { kind: "variant", variantId: ids.sofa })).toMatchObject({
        ok: false,
        error: { status: 409, message: "Detachable Smart Sofa with Charging is out of stock" },
      });
      await getDb().update(products).set({ active: false }).where(eq(products.slug, "detachable-smart-sofa"));
      expect(await addToCart({}, { kind: "variant", variantId: ids.sofa })).toMatchObject({ ok: false, error: { status: 404 } });
      expect((await readCart({ guestCartId })).lines[0]).toMatchObject({ available: 0, maxQuantity: 0 });
    } finally {
      await setOnHand(ids.sofa, 7);
      await getDb().update(products).set({ active: true }).where(eq(products.slug, "detachable-smart-sofa"));
    }
  });

  it("does not lose a quantity when two adds arrive together", async () => {
    const userId = (await makeUser("customer", "Chiamaka Obi")).id;
    await Promise.all([1, 2, 3].map(() => addToCart({ userId }, { kind: "variant", variantId: ids.panel, quantity: 2 })));
    expect((await readCart({ userId })).lines).toMatchObject([{ variantId: ids.panel, quantity: 6 }]);
  });
});

describe("bad input changes nothing", () => {
  it.each([
    [{ variantId: "1", quantity: "-2" }, "Add at least 1"],
    [{ variantId: "1", quantity: "0" }, "Add at least 1"],
    [{ variantId: "1", quantity: "1001" }, "You can add at most 1000 at a time"],
    [{ variantId: "1", quantity: "99999999999999999999999" }, "You can add at most 1000 at a time"],
    [{ variantId: "1", quantity: "1.5" }, "Enter the quantity as a whole number"],
    [{ variantId: "1", quantity: "two" }, "Enter the quantity as a whole number"],
    [{ variantId: "abc", quantity: "1" }, "Enter the product as a whole number"],
    [{ variantId: "-4", quantity: "1" }, "Choose a product"],
    [{ quantity: "1" }, "Choose what to add to your cart."],
  ])("add %o: %s", async (input, error) => {
    const before = await cartRows();
    expect(await addToCart({}, input)).toMatchObject({ ok: false, error: { status: 400, message: error } });
    expect(await cartRows()).toEqual(before);
  });

  it("refuses an unknown variant, a negative or huge set, and a set for a line not in the cart", async () => {
    const guestCartId = await guestWith(ids.panel, 1);
    const before = await cartRows();
    expect(await addToCart({ guestCartId }, { kind: "variant", variantId: "999999", quantity: "1" })).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
    expect(await setCartQuantity({ guestCartId }, { variantId: ids.panel, quantity: "-1" })).toMatchObject({
      ok: false,
      error: { status: 400, message: "The quantity cannot be negative" },
    });
    expect(await setCartQuantity({ guestCartId }, { variantId: ids.panel, quantity: "5000" })).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
    expect(await setCartQuantity({ guestCartId }, { variantId: ids.light, quantity: "2" })).toMatchObject({
      ok: false,
      error: { status: 404, message: "This item is not in your cart" },
    });
    expect(await setCartQuantity({}, { variantId: ids.panel, quantity: "2" })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await cartRows()).toEqual(before);
  });
});

describe("set, remove, clear", () => {
  it("sets a quantity, removes on 0 or remove, and tolerates a second remove", async () => {
    const guestCartId = await guestWith(ids.panel, 1);
    await addToCart({ guestCartId }, { kind: "variant", variantId: ids.light, quantity: 1 });
    expect(await setCartQuantity({ guestCartId }, { variantId: ids.panel, quantity: "4" })).toMatchObject({
      ok: true,
      capped: false,
      cart: { itemCount: 5 },
    });
    expect(await setCartQuantity({ guestCartId }, { variantId: ids.panel, quantity: "0" })).toMatchObject({
      ok: true,
      message: "Removed from your cart",
      cart: { itemCount: 1 },
    });
    expect(await removeFromCart({ guestCartId }, { variantId: ids.light })).toMatchObject({
      ok: true,
      cart: { itemCount: 0, totalKobo: 0 },
    });
    expect(await removeFromCart({ guestCartId }, { variantId: ids.light })).toMatchObject({ ok: true });
    expect((await readCart({ guestCartId })).lines).toEqual([]);
  });

  it("clearCart empties only that user's cart, inside the caller's transaction", async () => {
    const [a, b] = [(await makeUser("customer", "Chiamaka Obi")).id, (await makeUser("customer", "Chiamaka Obi")).id];
    await addToCart({ userId: a }, { kind: "variant", variantId: ids.panel, quantity: 2 });
    await addToCart({ userId: b }, { kind: "variant", variantId: ids.panel, quantity: 1 });
    await getDb().transaction((tx) => clearCart(a, tx));
    expect((await readCart({ userId: a })).lines).toEqual([]);
    expect((await readCart({ userId: b })).itemCount).toBe(1);
  });
});

describe("stale guest carts", () => {
  it("deletes guest carts untouched for 30 days, never a user's cart", async () => {
    const userId = (await makeUser("customer", "Chiamaka Obi")).id;
    await addToCart({ userId }, { kind: "variant", variantId: ids.panel });
    const fresh = await guestWith(ids.panel);
    const old = await guestWith(ids.panel);
    const longAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await getDb().update(carts).set({ updatedAt: longAgo }).where(eq(carts.id, old));
    await getDb().update(carts).set({ updatedAt: longAgo }).where(eq(carts.userId, userId));
    expect(await deleteStaleGuestCarts()).toBeGreaterThanOrEqual(1);
    expect((await readCart({ guestCartId: old })).cartId).toBeNull();
    expect((await readCart({ guestCartId: fresh })).itemCount).toBe(1);
    expect((await readCart({ userId })).itemCount).toBe(1);
  });
});
