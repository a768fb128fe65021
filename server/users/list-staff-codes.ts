import { desc, eq } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { staffCodes } from "./schema";

/** The latest 100 staff codes with who used them, for the admin settings page. */
export async function listStaffCodes() {
  return getDb()
    .select({
      id: staffCodes.id,
      code: staffCodes.code,
      department: staffCodes.department,
      note: staffCodes.note,
      createdAt: staffCodes.createdAt,
      usedAt: staffCodes.usedAt,
      usedBy: users.email,
      revokedAt: staffCodes.revokedAt,
    })
    .from(staffCodes)
    .leftJoin(users, eq(users.id, staffCodes.usedBy))
    .orderBy(desc(staffCodes.createdAt))
    .limit(100);
}
