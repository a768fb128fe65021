import { randomUUID } from "node:crypto";
import { startOnlinePayment } from "../../server/payments/start-online-payment";
import { orFail } from "./results";
import { eq } from "drizzle-orm";
import type { TCheckout } from "@domain/orders/checkout-input";
import type { TPaymentMethod } from "@domain/orders/order-status";
import type { TViewer } from "@domain/access/roles";
import { users } from "../../server/auth/schema";
import { products, productVariants } from "../../server/catalog/schema";
import { getDb } from "../../server/db/client";
import { seedCatalog } from "../../server/db/seed/seed-catalog";
import { placeOrder, type TPlaceOrder } from "../../server/orders/place-order";

// Store test data for vitest: customers, variants with a known stock, and orders placed the real way.

export async function createCustomer(name = "Ngozi Okafor") {
  const id = randomUUID();
  const email = `${name.split(" ")[0]!.toLowerCase()}.${id.slice(0, 8)}@example.ng`;
  await getDb().insert(users).values({ id, name, email, emailVerified: true });
  return { userId: id, email, name };
}

/** A product with one variant, so a test owns its price and stock whatever the demo catalogue holds. */
export async function createTestProduct(p: {
  name?: string;
  sku?: string;
  image?: string;
  priceKobo: number;
  onHand: number;
  maxPerOrder?: number;
  lowStockThreshold?: number;
}) {
  const slug = p.sku ? p.sku.toLowerCase() : `test-${randomUUID().slice(0, 8)}`;
  const [product] = await getDb()
    .insert(products)
    .values({
      slug,
      name: p.name ?? "200Ah Tubular Battery",
      category: "batteries",
      description: "Deep-cycle battery for inverters.",
      maxPerOrder: p.maxPerOrder ?? 10,
      lowStockThreshold: p.lowStockThreshold ?? 2,
      images: p.image ? [p.image] : [],
    })
    .returning();
  const [variant] = await getDb()
    .insert(productVariants)
    .values({ productId: product!.id, sku: p.sku ?? slug.toUpperCase(), priceKobo: p.priceKobo, onHand: p.onHand })
    .returning();
  return { product: product!, variant: variant! };
}

export async function onHandOf(variantId: number) {
  const [v] = await getDb().select({ onHand: productVariants.onHand }).from(productVariants).where(eq(productVariants.id, variantId));
  return v!.onHand;
}

export async function setOnHand(variantId: number, onHand: number) {
  await getDb().update(productVariants).set({ onHand }).where(eq(productVariants.id, variantId));
}

export function checkoutFor(name: string, over: Partial<TCheckout> = {}): TCheckout {
  return {
    fullName: name,
    phone: "+2348031112222",
    addressLine: "15 Allen Avenue",
    city: "Ikeja",
    state: "Lagos",
    deliveryMethod: "standard",
    paymentMethod: "bank_transfer",
    checkoutKey: randomUUID(),
    ...over,
  };
}

/** Places an order a test expects to be placed: a refusal is thrown, with its message, to fail the test or be expected. */
/** startOnlinePayment where the test needs the payment started: a refusal fails the test with its message. */
export async function startPaymentOrFail(input: { orderId: string; userId: string }) {
  return orFail(await startOnlinePayment(input));
}

export async function placeOrderOrFail(input: TPlaceOrder) {
  return orFail(await placeOrder(input));
}

export async function placeTestOrder(
  customer: { userId: string; email: string; name: string },
  lines: { variantId: number; quantity: number }[],
  over: Partial<TCheckout> = {},
) {
  return placeOrderOrFail({ customer, checkout: checkoutFor(customer.name, over), lines });
}

export const uniqueEmail = (p: string) => `${p}.${Math.random().toString(36).slice(2, 8)}@example.ng`;
export { uniquePhone } from "./unique-values";

export async function makeUser(
  role: "customer" | "staff" | "admin",
  name = `Test ${role}`,
  { emailVerified = true }: { emailVerified?: boolean } = {},
): Promise<TViewer> {
  const id = `u-${Math.random().toString(36).slice(2, 10)}`;
  const email = uniqueEmail(role);
  await getDb().insert(users).values({ id, name, email, emailVerified, role });
  return { id, name, email, role, capabilities: [], image: null };
}

/** A seeded variant's id by SKU (seeds the catalogue first; idempotent). */
export async function variantBySku(sku: string) {
  await seedCatalog();
  const [v] = await getDb().select().from(productVariants).where(eq(productVariants.sku, sku));
  if (!v) throw new Error(`no seeded variant ${sku}`);
  return v;
}

/** An order of seeded products (by SKU) for a viewer-shaped customer. */
export async function placeSeededOrder(
  customer: TViewer,
  opts: { paymentMethod?: TPaymentMethod; fullName?: string; lines?: { sku: string; quantity: number }[] } = {},
) {
  const lines = await Promise.all(
    (opts.lines ?? [{ sku: "SOLAR-LIGHTING-KIT", quantity: 1 }]).map(async (l) => ({
      variantId: (await variantBySku(l.sku)).id,
      quantity: l.quantity,
    })),
  );
  const { order } = await placeOrderOrFail({
    customer: { userId: customer.id, email: customer.email },
    checkout: {
      fullName: opts.fullName ?? customer.name,
      phone: "+2348031234567",
      addressLine: "22 Ring Road, Challenge",
      city: "Ibadan",
      state: "Oyo",
      deliveryMethod: "standard",
      paymentMethod: opts.paymentMethod ?? "bank_transfer",
      checkoutKey: randomUUID(),
    },
    lines,
  });
  return order;
}

/** The four products the cart tests use, with the stock and limits those tests are written against. */
export async function createCartTestProducts() {
  const make = (sku: string, name: string, priceKobo: number, onHand: number) =>
    createTestProduct({ sku, name, priceKobo, onHand, maxPerOrder: 10, image: "/images/products/panels.svg" }).then((r) => r.variant.id);
  return {
    "MONO-PERC-450W-PANEL": await make("MONO-PERC-450W-PANEL", "Mono PERC 450W Solar Panel", 16_500_000, 140),
    "WALL-BED-WITH-DESK": await make("WALL-BED-WITH-DESK", "Fold-Away Wall Bed with Desk", 112_000_000, 5),
    "DETACHABLE-SMART-SOFA": await make("DETACHABLE-SMART-SOFA", "Detachable Smart Sofa with Charging", 87_500_000, 7),
    "SOLAR-LIGHTING-KIT": await make("SOLAR-LIGHTING-KIT", "Solar Home Lighting Kit", 4_500_000, 90),
  };
}
