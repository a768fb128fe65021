import { asc } from "drizzle-orm";
import { getDb } from "../../db/client";
import { zavchargePlans } from "./schema";

/** Every plan, offered or withdrawn, for the admin's plans page. */
export function listAllPlans() {
  return getDb().select().from(zavchargePlans).orderBy(asc(zavchargePlans.sortOrder), asc(zavchargePlans.id));
}
