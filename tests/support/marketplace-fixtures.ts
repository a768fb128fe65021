import { randomUUID } from "node:crypto";
import type { TViewer } from "@domain/access/roles";
import { getDb } from "../../server/db/client";
import { marketplaceListings, sellers } from "../../server/marketplace/schema";
import { makeUser } from "./store-fixtures";

export type TTestSeller = TViewer & { sellerId: string; slug: string };

/**
 * A person with an approved store, as an approval leaves it (docs/product/marketplace.md#review): "<name> Studio", a
 * verified GTBank payout account (an account number ending in 9999 is one the fake Paystack's bank refuses).
 */
export async function makeSeller(
  kind: "seller" | "architect" = "seller",
  name = "Ngozi Eze",
  over: Partial<typeof sellers.$inferInsert> = {},
): Promise<TTestSeller> {
  const user = await makeUser("customer", name);
  const slug = `store-${randomUUID().slice(0, 8)}`;
  const [seller] = await getDb()
    .insert(sellers)
    .values({
      userId: user.id,
      slug,
      kind,
      displayName: `${name} Studio`,
      bio: "Hand-built furniture and plans for Nigerian homes, made to last in our climate.",
      category: kind === "architect" ? "Architecture and floor plans" : "Smart furniture",
      phone: "+2348031112233",
      pickupState: "Enugu",
      pickupLga: "Enugu North",
      bankCode: "058",
      accountNumber: "0123456781",
      accountName: name.toUpperCase(),
      accountVerified: true,
      ...over,
    })
    .returning({ id: sellers.id });
  return { ...user, capabilities: [kind], sellerId: seller!.id, slug };
}

/** A published product listing of that store. */
export async function listProduct(seller: TTestSeller, p: { priceKobo: number; stock: number; delivery?: "pickup" | "delivery" | "both" }) {
  const [listing] = await getDb()
    .insert(marketplaceListings)
    .values({
      sellerId: seller.sellerId,
      slug: `piece-${randomUUID().slice(0, 8)}`,
      kind: "product",
      title: "Foldaway study desk in iroko",
      description: "A wall-mounted desk that folds flat, solid iroko, for small rooms in Lagos flats.",
      category: "Smart furniture",
      priceKobo: p.priceKobo,
      stock: p.stock,
      leadTimeDays: 5,
      delivery: p.delivery ?? "delivery",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  return listing!;
}
