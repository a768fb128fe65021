import { eq } from "drizzle-orm";
import type { TErasureHold } from "@domain/privacy/deletion-requests";
import { users } from "../auth/schema";
import { getDb, type DbOrTx } from "../db/client";
import { investmentErasureHolds } from "../investments/forget-investor";
import { marketplaceErasureHolds } from "../marketplace/forget-marketplace-person";
import { orderErasureHolds } from "../orders/forget-order-customer";
import { zavchargeErasureHolds } from "../zavcharge/forget-driver";

/**
 * What keeps a person's deletion from being completed now (docs/product/privacy-requests.md#what-holds-a-deletion): a
 * staff or admin role, goods we still owe them, money we still owe them, a charging session running. Each part of the
 * site answers for its own records.
 */
export async function findErasureHolds(userId: string, forfeitsBalance: boolean, db: DbOrTx = getDb()): Promise<TErasureHold[]> {
  const [person] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const holds: TErasureHold[] = [];
  if (person && person.role !== "customer")
    holds.push({ reason: "This is a staff or administrator account: an administrator must change its role to customer first." });
  holds.push(
    ...(await orderErasureHolds(db, userId)),
    ...(await marketplaceErasureHolds(db, userId)),
    ...(await zavchargeErasureHolds(db, userId, forfeitsBalance)),
    ...(await investmentErasureHolds(db, userId)),
  );
  return holds;
}
