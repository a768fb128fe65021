import { desc, eq } from "drizzle-orm";
import type { TSellerKind, TSellerStatus } from "@domain/marketplace/marketplace";
import { isErasedEmail } from "@domain/privacy/deletion-requests";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { sellers } from "./schema";

/** Every marketplace seller for the admins, newest first (docs/product/marketplace.md#suspension). */
export async function listSellers() {
  const rows = await getDb()
    .select({
      id: sellers.id,
      slug: sellers.slug,
      displayName: sellers.displayName,
      kind: sellers.kind,
      category: sellers.category,
      pickupState: sellers.pickupState,
      status: sellers.status,
      suspendedReason: sellers.suspendedReason,
      approvedAt: sellers.approvedAt,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .orderBy(desc(sellers.approvedAt));
  // A store whose owner had their data deleted is closed for good (docs/product/privacy-requests.md), not suspended.
  return rows.map((r) => ({ ...r, kind: r.kind as TSellerKind, status: r.status as TSellerStatus, closed: isErasedEmail(r.ownerEmail) }));
}
