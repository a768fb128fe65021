import { asc, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { zavchargePlans } from "./schema";

/** The plans a driver can renew to, in the admin's order. */
export function listPlans() {
  return getDb()
    .select({
      id: zavchargePlans.id,
      code: zavchargePlans.code,
      name: zavchargePlans.name,
      priceKobo: zavchargePlans.priceKobo,
      periodDays: zavchargePlans.periodDays,
    })
    .from(zavchargePlans)
    .where(eq(zavchargePlans.active, true))
    .orderBy(asc(zavchargePlans.sortOrder), asc(zavchargePlans.id));
}
