import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { atNow } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

/** Who changed what, when, from what to what. Written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: mayReferToUser("actor_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    oldData: jsonb("old_data"),
    newData: jsonb("new_data"),
    createdAt: atNow("created_at"),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt)],
);
