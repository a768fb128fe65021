import { desc, eq } from "drizzle-orm";
import type { TApplicationStatus, TSellerKind, TSellerStatus } from "@domain/marketplace/marketplace";
import { getDb } from "../db/client";
import { sellerApplications, sellers } from "./schema";

export type TMySellerApplication = {
  application: (typeof sellerApplications.$inferSelect & { status: TApplicationStatus; kind: TSellerKind }) | null;
  seller: { slug: string; displayName: string; status: TSellerStatus; kind: TSellerKind } | null;
};

/** The viewer's latest application and, once approved, their seller store (docs/product/marketplace.md#applications). */
export async function findMySellerApplication(userId: string): Promise<TMySellerApplication> {
  const db = getDb();
  const [[application], [seller]] = await Promise.all([
    db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, userId))
      .orderBy(desc(sellerApplications.submittedAt))
      .limit(1),
    db
      .select({ slug: sellers.slug, displayName: sellers.displayName, status: sellers.status, kind: sellers.kind })
      .from(sellers)
      .where(eq(sellers.userId, userId)),
  ]);
  return {
    application: application
      ? { ...application, status: application.status as TApplicationStatus, kind: application.kind as TSellerKind }
      : null,
    seller: seller ? { ...seller, status: seller.status as TSellerStatus, kind: seller.kind as TSellerKind } : null,
  };
}
