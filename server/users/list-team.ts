import { asc, inArray } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb, type DbOrTx } from "../db/client";

export type TTeamMember = { id: string; name: string; email: string };

/** Staff and admins, by name: the people a record, a task or a lead can be given to. */
export async function listTeam(db: DbOrTx = getDb()): Promise<TTeamMember[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, ["staff", "admin"]))
    .orderBy(asc(users.name));
}
