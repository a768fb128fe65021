import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { TPaymentMethod } from "../../app/lib/order-status";
import type { TViewer } from "../../app/lib/roles";
import { users } from "../../server/auth/schema";
import { productVariants } from "../../server/catalog/schema";
import { getDb } from "../../server/db/client";
import { seedCatalog } from "../../server/db/seed/seed-catalog";
import { placeOrder } from "../../server/orders/place-order";

// Users and orders for store tests, made through the real use cases (placeOrder, the seeded catalogue).

export const uniqueEmail = (p: string) => `${p}.${Math.random().toString(36).slice(2, 8)}@example.ng`;

export async function makeUser(role: "customer" | "staff" | "admin", name = `Test ${role}`): Promise<TViewer> {
  const id = `u-${Math.random().toString(36).slice(2, 10)}`;
  const email = uniqueEmail(role);
  await getDb().insert(users).values({ id, name, email, emailVerified: true, role });
  return { id, name, email, role, capabilities: [], image: null };
}

/** A seeded variant's id by SKU (seeds the catalogue first; idempotent). */
export async function variantBySku(sku: string) {
  await seedCatalog();
  const [v] = await getDb().select().from(productVariants).where(eq(productVariants.sku, sku));
  if (!v) throw new Error(`no seeded variant ${sku}`);
  return v;
}

export async function placeTestOrder(customer: TViewer, opts: { paymentMethod?: TPaymentMethod; fullName?: string; lines?: { sku: string; quantity: number }[] } = {}) {
  const lines = await Promise.all((opts.lines ?? [{ sku: "SOLAR-LIGHTING-KIT", quantity: 1 }]).map(async (l) => ({ variantId: (await variantBySku(l.sku)).id, quantity: l.quantity })));
  const { order } = await placeOrder({
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
