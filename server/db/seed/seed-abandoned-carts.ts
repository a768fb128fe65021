import { eq, inArray } from "drizzle-orm";
import { cartValueKobo, HOUR_MS, type TAbandonedItem } from "@domain/cart/abandoned-carts";
import { lineName } from "@domain/catalog/line-name";
import { users } from "../../auth/schema";
import { cartAbandonments, cartItems, carts } from "../../cart/schema";
import { products, productVariants } from "../../catalog/schema";
import { newsletterSubscribers } from "../../content/schema";
import { hashToken, unsubscribeTokenFor } from "../../content/newsletter/newsletter-tokens";
import { orders } from "../../orders/schema";
import { getDb } from "../client";
import { DEMO_ORDERS } from "../../orders/seed-demo-orders";

// Abandoned carts for the staff page on a fresh machine (docs/product/store-and-orders.md#abandoned-carts): one reminded
// twice, one whose owner had unsubscribed, one recovered by a demo order, and the demo shopper's cart, left six hours
// before the first start, which the job records and reminds at start. Idempotent: each is made once.

export const DEMO_SHOPPER = "shopper@zavolah.ng";

type TLine = { sku: string; quantity: number };

async function itemsFor(lines: TLine[]): Promise<TAbandonedItem[]> {
  const rows = await getDb()
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      variantName: productVariants.name,
      productName: products.name,
      price: productVariants.priceKobo,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        productVariants.sku,
        lines.map((l) => l.sku),
      ),
    );
  return lines.flatMap((l) => {
    const v = rows.find((r) => r.sku === l.sku);
    if (!v) return [];
    return [
      {
        kind: "variant" as const,
        variantId: v.id,
        courseIntakeId: null,
        listingId: null,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        amountKobo: null,
        quantity: l.quantity,
        name: lineName(v),
        unitPriceKobo: v.price,
      },
    ];
  });
}

/** The person's cart with these lines, all last touched at `at`; made only when they have no cart yet. */
async function leftCart(userId: string, lines: TLine[], at: Date): Promise<{ cartId: string; items: TAbandonedItem[] } | null> {
  const db = getDb();
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  if (existing) return null;
  const items = await itemsFor(lines);
  if (items.length === 0) return null;
  const [cart] = await db.insert(carts).values({ userId, createdAt: at, updatedAt: at }).returning({ id: carts.id });
  await db
    .insert(cartItems)
    .values(items.map((i) => ({ cartId: cart!.id, kind: "variant", variantId: i.variantId, quantity: i.quantity, addedAt: at })));
  return { cartId: cart!.id, items };
}

async function userByEmail(email: string) {
  const [u] = await getDb().select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, email));
  return u;
}

export async function seedAbandonedCarts(now = new Date()) {
  const db = getDb();
  const hoursAgo = (h: number) => new Date(now.getTime() - h * HOUR_MS);

  // The demo shopper: a cart nobody touched for six hours, for the job to find.
  const shopper = await userByEmail(DEMO_SHOPPER);
  if (shopper)
    await leftCart(
      shopper.id,
      [
        { sku: "CANADIAN-HIKU-400W", quantity: 2 },
        { sku: "AGM-GEL-100AH", quantity: 1 },
      ],
      hoursAgo(6),
    );

  const [any] = await db.select({ id: cartAbandonments.id }).from(cartAbandonments).limit(1);
  if (any) return;

  // Reminded twice, not back yet.
  const tobi = await userByEmail("tobi.adebayo@learners.zavolah.ng");
  const tobiLeft = hoursAgo(72);
  const tobiCart = tobi
    ? await leftCart(
        tobi.id,
        [
          { sku: "GROWATT-SPF-5000ES", quantity: 1 },
          { sku: "MONO-PERC-450W-PANEL", quantity: 4 },
        ],
        tobiLeft,
      )
    : null;
  if (tobi && tobiCart)
    await db.insert(cartAbandonments).values({
      cartId: tobiCart.cartId,
      userId: tobi.id,
      email: tobi.email,
      customerName: tobi.name,
      items: tobiCart.items,
      valueKobo: cartValueKobo(tobiCart.items),
      abandonedAt: tobiLeft,
      recordedAt: new Date(tobiLeft.getTime() + 4 * HOUR_MS),
      status: "ended",
      endReason: "all_sent",
      endedAt: new Date(tobiLeft.getTime() + 28 * HOUR_MS),
      consentBasis: "account",
      remindersSent: 2,
      firstReminderAt: new Date(tobiLeft.getTime() + 4 * HOUR_MS),
      lastReminderAt: new Date(tobiLeft.getTime() + 28 * HOUR_MS),
    });

  // Had unsubscribed from our e-mail: recorded, never reminded.
  const hauwa = await userByEmail("hauwa.garba@learners.zavolah.ng");
  const hauwaLeft = hoursAgo(40);
  const hauwaCart = hauwa ? await leftCart(hauwa.id, [{ sku: "LIFEPO4-12V-100AH", quantity: 2 }], hauwaLeft) : null;
  if (hauwa && hauwaCart) {
    await db
      .insert(newsletterSubscribers)
      .values({
        email: hauwa.email,
        name: hauwa.name,
        status: "unsubscribed",
        source: "footer",
        userId: hauwa.id,
        createdAt: hoursAgo(24 * 60),
        confirmedAt: hoursAgo(24 * 60),
        unsubscribedAt: hoursAgo(24 * 10),
        unsubscribeTokenHash: hashToken(unsubscribeTokenFor(hauwa.email)),
      })
      .onConflictDoNothing();
    await db.insert(cartAbandonments).values({
      cartId: hauwaCart.cartId,
      userId: hauwa.id,
      email: hauwa.email,
      customerName: hauwa.name,
      items: hauwaCart.items,
      valueKobo: cartValueKobo(hauwaCart.items),
      abandonedAt: hauwaLeft,
      recordedAt: new Date(hauwaLeft.getTime() + 4 * HOUR_MS),
      status: "ended",
      endReason: "opted_out",
      endedAt: new Date(hauwaLeft.getTime() + 4 * HOUR_MS),
    });
  }

  // Reminded once, then the demo customer's second demo order brought the cart back.
  const [order] = await db
    .select({ id: orders.id, userId: orders.userId, totalKobo: orders.totalKobo, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.checkoutKey, DEMO_ORDERS[1].checkoutKey));
  const customer = order?.userId ? await db.select().from(users).where(eq(users.id, order.userId)) : [];
  if (order && customer[0]) {
    const left = new Date(order.createdAt.getTime() - 30 * HOUR_MS);
    await db.insert(carts).values({ userId: customer[0].id }).onConflictDoNothing({ target: carts.userId });
    const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, customer[0].id));
    const items = await itemsFor(DEMO_ORDERS[1].lines.map((l) => ({ sku: l.sku, quantity: l.quantity })));
    const taken = await db
      .select({ id: cartAbandonments.id })
      .from(cartAbandonments)
      .where(eq(cartAbandonments.recoveredOrderId, order.id));
    if (cart && items.length > 0 && taken.length === 0)
      await db.insert(cartAbandonments).values({
        cartId: cart.id,
        userId: customer[0].id,
        email: customer[0].email,
        customerName: customer[0].name,
        items,
        valueKobo: cartValueKobo(items),
        abandonedAt: left,
        recordedAt: new Date(left.getTime() + 4 * HOUR_MS),
        status: "recovered",
        consentBasis: "account",
        remindersSent: 1,
        firstReminderAt: new Date(left.getTime() + 4 * HOUR_MS),
        lastReminderAt: new Date(left.getTime() + 4 * HOUR_MS),
        restoredAt: new Date(order.createdAt.getTime() - 20 * 60_000),
        recoveredOrderId: order.id,
        recoveredValueKobo: order.totalKobo,
        recoveredAt: order.createdAt,
      });
  }
}
