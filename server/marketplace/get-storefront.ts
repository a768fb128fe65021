import { and, eq } from "drizzle-orm";
import type { TSellerKind } from "@domain/marketplace/marketplace";
import { getDb } from "../db/client";
import { sellers } from "./schema";

/** A seller's public store page (docs/product/marketplace.md#storefronts); null when unknown or suspended. */
export async function getStorefront(slug: string) {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  const [seller] = await getDb()
    .select({
      id: sellers.id,
      slug: sellers.slug,
      displayName: sellers.displayName,
      kind: sellers.kind,
      bio: sellers.bio,
      category: sellers.category,
      pickupState: sellers.pickupState,
      pickupLga: sellers.pickupLga,
      approvedAt: sellers.approvedAt,
    })
    .from(sellers)
    .where(and(eq(sellers.slug, slug), eq(sellers.status, "active")));
  return seller ? { ...seller, kind: seller.kind as TSellerKind } : null;
}
