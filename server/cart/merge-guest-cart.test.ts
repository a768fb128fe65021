import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createCartTestProducts, makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { addToCart } from "./add-to-cart";
import { mergeGuestCart } from "./merge-guest-cart";
import { readCart } from "./read-cart";
import { carts } from "./schema";

useTestDatabase();

let ids: Record<string, number> = {};
beforeAll(async () => {
  ids = await createCartTestProducts();
});

async function add(owner: { userId?: string; guestCartId?: string }, sku: string, quantity: number) {
  const r = await addToCart(owner, { kind: "variant", variantId: ids[sku], quantity });
  if (!r.ok) throw r.error;
  return r.guestCartId;
}

const quantities = async (userId: string) => Object.fromEntries((await readCart({ userId })).lines.map((l) => [l.sku, l.quantity]));

describe("mergeGuestCart", () => {
  it("sums quantities, caps them at stock and max per order, adds new lines and deletes the guest cart", async () => {
    const userId = (await makeUser("customer", "Emeka Nwosu")).id;
    await add({ userId }, "MONO-PERC-450W-PANEL", 6);
    await add({ userId }, "WALL-BED-WITH-DESK", 3);
    const guestCartId = (await add({}, "MONO-PERC-450W-PANEL", 7))!;
    await add({ guestCartId }, "WALL-BED-WITH-DESK", 4);
    await add({ guestCartId }, "SOLAR-LIGHTING-KIT", 2);

    expect(await mergeGuestCart(guestCartId, userId)).toEqual({ merged: 3, capped: 2, dropped: 0 });
    expect(await quantities(userId)).toEqual({ "MONO-PERC-450W-PANEL": 10, "WALL-BED-WITH-DESK": 5, "SOLAR-LIGHTING-KIT": 2 });
    expect(await getDb().select().from(carts).where(eq(carts.id, guestCartId))).toEqual([]);
    // Merging the same cookie again (a second tab, a retry) changes nothing.
    expect(await mergeGuestCart(guestCartId, userId)).toEqual({ merged: 0, capped: 0, dropped: 0 });
    expect(await quantities(userId)).toMatchObject({ "MONO-PERC-450W-PANEL": 10 });
  });

  it("creates the user's cart when they had none, and drops out-of-stock lines without lowering the user's", async () => {
    const userId = (await makeUser("customer", "Emeka Nwosu")).id;
    const guestCartId = (await add({}, "DETACHABLE-SMART-SOFA", 2))!;
    await add({ guestCartId }, "SOLAR-LIGHTING-KIT", 1);
    await getDb().update(productVariants).set({ onHand: 0 }).where(eq(productVariants.id, ids["DETACHABLE-SMART-SOFA"]!));
    try {
      expect(await mergeGuestCart(guestCartId, userId)).toEqual({ merged: 1, capped: 0, dropped: 1 });
      expect(await quantities(userId)).toEqual({ "SOLAR-LIGHTING-KIT": 1 });
    } finally {
      await getDb().update(productVariants).set({ onHand: 7 }).where(eq(productVariants.id, ids["DETACHABLE-SMART-SOFA"]!));
    }
  });

  it("ignores a user's own cart id presented as a guest cookie, and runs safely twice at once", async () => {
    const userId = (await makeUser("customer", "Emeka Nwosu")).id;
    await add({ userId }, "SOLAR-LIGHTING-KIT", 2);
    const [own] = await getDb().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
    expect(await mergeGuestCart(own!.id, userId)).toEqual({ merged: 0, capped: 0, dropped: 0 });
    expect(await quantities(userId)).toEqual({ "SOLAR-LIGHTING-KIT": 2 });

    const guestCartId = (await add({}, "SOLAR-LIGHTING-KIT", 3))!;
    const results = await Promise.all([mergeGuestCart(guestCartId, userId), mergeGuestCart(guestCartId, userId)]);
    expect(results.map((r) => r.merged).sort()).toEqual([0, 1]);
    expect(await quantities(userId)).toEqual({ "SOLAR-LIGHTING-KIT": 5 });
  });
});
