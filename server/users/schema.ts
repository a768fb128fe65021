import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";
import { belongsToUser, mayReferToUser } from "../auth/schema";

/** Capabilities granted on top of the role level (seller, student, investor, architect). */
export const userCapabilities = pgTable(
  "user_capabilities",
  {
    userId: belongsToUser("user_id"),
    capability: text("capability").notNull(),
    grantedAt: atNow("granted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.capability] }),
    check("user_capabilities_check", sql`${t.capability} in ('seller', 'student', 'investor', 'architect')`),
  ],
);

/** Codes an admin issues so a new colleague can register as staff. Single use; revocable. */
export const staffCodes = pgTable("staff_codes", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  code: text("code").notNull().unique(),
  department: text("department").notNull(),
  note: text("note"),
  createdBy: mayReferToUser("created_by"),
  createdAt: atNow("created_at"),
  usedBy: mayReferToUser("used_by"),
  usedAt: at("used_at"),
  revokedAt: at("revoked_at"),
});
