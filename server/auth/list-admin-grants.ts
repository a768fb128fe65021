import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "../db/client";
import { adminGrants, users } from "./schema";

export type TWaitingPromotion = {
  id: number;
  userId: string;
  name: string;
  email: string;
  requestedById: string | null;
  requestedByName: string | null;
  requestedAt: Date;
};

/** Promotions to administrator waiting for a second admin (docs/product/roles-and-access.md#administrators), newest first. */
export async function listWaitingPromotions(): Promise<TWaitingPromotion[]> {
  const asker = alias(users, "asker");
  return getDb()
    .select({
      id: adminGrants.id,
      userId: adminGrants.userId,
      name: users.name,
      email: users.email,
      requestedById: adminGrants.requestedBy,
      requestedByName: asker.name,
      requestedAt: adminGrants.requestedAt,
    })
    .from(adminGrants)
    .innerJoin(users, eq(users.id, adminGrants.userId))
    .leftJoin(asker, eq(asker.id, adminGrants.requestedBy))
    .where(eq(adminGrants.status, "pending"))
    .orderBy(desc(adminGrants.requestedAt))
    .limit(50);
}
