import { eq } from "drizzle-orm";
import { ZCheckout } from "@domain/orders/checkout-input";
import { certain } from "@domain/errors/app-error";
import { users } from "../../auth/schema";
import { log } from "../../log";
import { marketplaceEarnings, marketplaceListings, marketplaceReviews, sellers } from "../../marketplace/schema";
import { advanceSubOrder } from "../../orders/advance-sub-order";
import { markOrderPaid } from "../../orders/mark-order-paid";
import { placeOrder } from "../../orders/place-order";
import { orders, subOrderEvents, subOrders } from "../../orders/schema";
import { getDb } from "../client";

// A demo marketplace purchase (docs/product/marketplace.md#buying), placed and paid the real way, so the seller's and the
// architect's dashboards show an order to ship and a design sold. The fixed checkout key makes it idempotent.

const DEMO = {
  checkoutKey: "5d2c1f4e-7a0b-4c3d-9e8f-200000000001",
  buyer: "hauwa.garba@learners.zavolah.ng",
  checkout: {
    fullName: "Hauwa Garba",
    phone: "08034567812",
    addressLine: "7 Ahmadu Bello Way, Nasarawa GRA",
    city: "Kano",
    state: "Kano",
    deliveryMethod: "standard",
    paymentMethod: "bank_transfer",
  },
  listings: [
    { slug: "wall-mounted-fold-down-desk-7b31d0", quantity: 1 },
    { slug: "two-bedroom-terrace-plan-for-a-50x100-plot-5e07b8", quantity: 1 },
  ],
} as const;

/** An older sale, bought twelve days ago and delivered ten days ago: its earning is past the refund window, ready to pay out. */
const DELIVERED = {
  checkoutKey: "5d2c1f4e-7a0b-4c3d-9e8f-200000000002",
  buyer: "tobi.adebayo@learners.zavolah.ng",
  checkout: {
    fullName: "Tobi Adebayo",
    phone: "08123456790",
    addressLine: "22 Oba Adebimpe Road, Dugbe",
    city: "Ibadan North",
    state: "Oyo",
    deliveryMethod: "standard",
    paymentMethod: "bank_transfer",
  },
  slug: "storage-bed-with-hydraulic-lift-6x6-c85e12",
} as const;

export async function seedMarketplaceOrders() {
  await seedShippedSale();
  await seedDeliveredSale();
}

async function seedDeliveredSale() {
  const db = getDb();
  const [done] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, DELIVERED.checkoutKey));
  if (done) return;
  const [buyer] = await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.email, DELIVERED.buyer));
  const [listing] = await db
    .select({ id: marketplaceListings.id })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.slug, DELIVERED.slug));
  if (!buyer || !listing) return;
  const placed = await placeOrder({
    customer: buyer,
    checkout: ZCheckout.parse({ ...DELIVERED.checkout, checkoutKey: DELIVERED.checkoutKey }),
    lines: [{ kind: "listing", listingId: listing.id, quantity: 1 }],
  });
  if (!placed.ok) {
    // Out of stock in a long-lived demo database: start-up goes on without this order.
    log.warn({ reason: placed.error.message }, "demo marketplace order not placed");
    return;
  }
  const { order } = placed;
  await db.transaction(async (tx) => {
    await markOrderPaid(tx, {
      orderId: order.id,
      actorLabel: "Tunde Bakare",
      payment: { method: "bank_transfer", reference: "GTB-TRF-20261109-1187", amountKobo: order.totalKobo },
    });
    const [part] = await tx.select({ id: subOrders.id }).from(subOrders).where(eq(subOrders.orderId, order.id));
    const steps = [
      ["accept", null],
      ["ship", "Delivered by our own van; driver Sule, 0803 555 0142"],
      ["deliver", null],
    ] as const;
    for (const [step, note] of steps)
      certain(
        await advanceSubOrder(tx, { subOrderId: part!.id, step, actorLabel: "Musa Crafted Furniture", note }),
        "Seeding a delivered part",
      );
    // Twelve days ago, so the demo shows an earning past its refund window.
    const then = new Date(Date.now() - 12 * 86_400_000);
    await tx.update(orders).set({ createdAt: then, paidAt: then }).where(eq(orders.id, order.id));
    await tx
      .update(subOrders)
      .set({ createdAt: then, deliveredAt: new Date(then.getTime() + 2 * 86_400_000) })
      .where(eq(subOrders.id, part!.id));
    // Accepted three hours after payment, shipped and delivered over the next two days.
    const events = await tx
      .select({ id: subOrderEvents.id, toStatus: subOrderEvents.toStatus })
      .from(subOrderEvents)
      .where(eq(subOrderEvents.subOrderId, part!.id));
    const after = { processing: 3, shipped: 26, delivered: 48 } as Record<string, number>;
    for (const e of events)
      await tx
        .update(subOrderEvents)
        .set({ createdAt: new Date(then.getTime() + (after[e.toStatus] ?? 0) * 3_600_000) })
        .where(eq(subOrderEvents.id, e.id));
    await tx
      .update(marketplaceEarnings)
      .set({ availableAt: new Date(then.getTime() + 9 * 86_400_000) })
      .where(eq(marketplaceEarnings.subOrderId, part!.id));
    const [seller] = await tx
      .select({ id: sellers.id })
      .from(sellers)
      .innerJoin(subOrders, eq(subOrders.sellerId, sellers.id))
      .where(eq(subOrders.id, part!.id));
    await tx.insert(marketplaceReviews).values({
      subOrderId: part!.id,
      listingId: listing.id,
      sellerId: seller!.id,
      userId: buyer.userId,
      rating: 5,
      body: "Solid bed, and the lift makes the space underneath really useful in our small room. Delivered to Dugbe on the day Musa promised.",
      reply: "Thank you, Tobi! Enjoy the extra storage, and call us if the struts ever need adjusting.",
      repliedAt: new Date(then.getTime() + 86_400_000),
      createdAt: new Date(then.getTime() + 3_600_000 * 20),
    });
  });
}

async function seedShippedSale() {
  const db = getDb();
  const [done] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutKey, DEMO.checkoutKey));
  if (done) return;
  const [buyer] = await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.email, DEMO.buyer));
  if (!buyer) return;
  const lines = [];
  for (const l of DEMO.listings) {
    const [listing] = await db.select({ id: marketplaceListings.id }).from(marketplaceListings).where(eq(marketplaceListings.slug, l.slug));
    if (listing) lines.push({ kind: "listing" as const, listingId: listing.id, quantity: l.quantity });
  }
  if (lines.length === 0) return;
  const placed = await placeOrder({
    customer: buyer,
    checkout: ZCheckout.parse({ ...DEMO.checkout, checkoutKey: DEMO.checkoutKey }),
    lines,
  });
  if (!placed.ok) {
    // Out of stock in a long-lived demo database: start-up goes on without this order.
    log.warn({ reason: placed.error.message }, "demo marketplace order not placed");
    return;
  }
  const { order } = placed;
  await db.transaction(async (tx) => {
    await markOrderPaid(tx, {
      orderId: order.id,
      actorLabel: "Tunde Bakare",
      payment: { method: "bank_transfer", reference: "GTB-TRF-20261118-4471", amountKobo: order.totalKobo },
    });
    // The furniture maker has accepted the desk and is getting it ready.
    const [part] = await tx
      .select({ id: subOrders.id, sellerName: sellers.displayName, status: subOrders.status })
      .from(subOrders)
      .innerJoin(sellers, eq(sellers.id, subOrders.sellerId))
      .where(eq(subOrders.orderId, order.id))
      .orderBy(subOrders.position)
      .limit(1);
    if (part?.status === "paid")
      certain(await advanceSubOrder(tx, { subOrderId: part.id, step: "accept", actorLabel: part.sellerName }), "Seeding an accepted part");
  });
}
