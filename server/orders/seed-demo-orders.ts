import { desc, eq, inArray } from "drizzle-orm";
import { ZCheckout } from "@domain/orders/checkout-input";
import { users } from "../auth/schema";
import { products, productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { log } from "../log";
import { placeOrder } from "./place-order";

/** Demo orders for the staff pages, placed through the real use case; the fixed checkout keys make it idempotent. */
export const DEMO_ORDERS = [
  {
    checkoutKey: "5d2c1f4e-7a0b-4c3d-9e8f-100000000001",
    account: "customer@zavolah.ng",
    checkout: {
      fullName: "Chidinma Eze",
      phone: "08063456789",
      addressLine: "15 Admiralty Way, Lekki Phase 1",
      city: "Eti-Osa",
      state: "Lagos",
      deliveryMethod: "standard",
      paymentMethod: "bank_transfer",
    },
    lines: [
      { sku: "MONO-PERC-450W-PANEL", quantity: 4 },
      { sku: "SOLAR-LIGHTING-KIT", quantity: 1 },
    ],
  },
  {
    checkoutKey: "5d2c1f4e-7a0b-4c3d-9e8f-100000000002",
    account: "customer@zavolah.ng",
    checkout: {
      fullName: "Chidinma Eze",
      phone: "08063456789",
      addressLine: "15 Admiralty Way, Lekki Phase 1",
      city: "Eti-Osa",
      state: "Lagos",
      deliveryMethod: "express",
      paymentMethod: "pay_on_delivery",
    },
    lines: [{ sku: "SOLAR-STREET-LIGHT-100W", quantity: 2 }],
  },
] as const;

/**
 * Places the demo orders that do not exist yet. A SKU the catalogue no longer has is replaced by a
 * well-stocked variant, so the demo keeps working when the catalogue changes.
 */
export async function seedDemoOrders() {
  const db = getDb();
  for (const demo of DEMO_ORDERS) {
    const [customer] = await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.email, demo.account));
    if (!customer) continue;
    const found = await db
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(
        inArray(
          productVariants.sku,
          demo.lines.map((l) => l.sku),
        ),
      );
    const bySku = new Map(found.map((v) => [v.sku, v.id]));
    const spare = bySku.size < demo.lines.length ? await wellStockedVariants(demo.lines.length) : [];
    const lines = demo.lines
      .map((l, i) => ({ variantId: bySku.get(l.sku) ?? spare[i]!, quantity: l.quantity }))
      .filter((l) => l.variantId !== undefined);
    if (lines.length === 0) continue;
    const placed = await placeOrder({ customer, checkout: ZCheckout.parse({ ...demo.checkout, checkoutKey: demo.checkoutKey }), lines });
    // Out of stock in a long-lived demo database: start-up goes on without this order.
    if (!placed.ok) log.warn({ checkoutKey: demo.checkoutKey, reason: placed.error.message }, "demo order not placed");
  }
}

async function wellStockedVariants(n: number) {
  const rows = await getDb()
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(products.active, true))
    .orderBy(desc(productVariants.onHand))
    .limit(n);
  return rows.map((r) => r.id);
}
