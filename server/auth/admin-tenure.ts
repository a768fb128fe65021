import { and, desc, eq, inArray } from "drizzle-orm";
import type { TAdminTenure } from "@domain/access/admin-grants";
import type { DbOrTx } from "../db/client";
import { adminGrants } from "./schema";

/**
 * Since when and by whom each of `userIds` is an admin (docs/product/roles-and-access.md#administrators): their newest
 * approved promotion, or, with none, made outside the site. The caller knows they are admins now.
 */
export async function readAdminTenures(db: DbOrTx, userIds: string[]): Promise<Map<string, TAdminTenure>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(adminGrants)
          .where(and(inArray(adminGrants.userId, userIds), eq(adminGrants.status, "approved")))
          .orderBy(desc(adminGrants.decidedAt), desc(adminGrants.id));
  const tenures = new Map<string, TAdminTenure>();
  for (const id of userIds) {
    const newest = rows.find((r) => r.userId === id);
    tenures.set(
      id,
      newest
        ? { since: newest.decidedAt, grantedBy: [...new Set([newest.requestedBy, newest.decidedBy].filter((p) => p !== null))] }
        : { since: null, grantedBy: [] },
    );
  }
  return tenures;
}
