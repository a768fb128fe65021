import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

/** Admin alerts (docs/product/alerts-and-audit.md): things an admin must look at (low stock, a payment that needs a refund...). */
export const adminAlerts = pgTable(
  "admin_alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    severity: text("severity").notNull().default("medium"),
    status: text("status").notNull().default("open"),
    /** While an alert with this key is open, raising it again changes nothing (one low-stock alert per variant). */
    dedupeKey: text("dedupe_key"),
    createdAt: atNow("created_at"),
    resolvedAt: at("resolved_at"),
    resolvedBy: mayReferToUser("resolved_by"),
  },
  (t) => [
    uniqueIndex("admin_alerts_open_dedupe_idx")
      .on(t.dedupeKey)
      .where(sql`${t.status} = 'open'`),
    index("admin_alerts_status_idx").on(t.status, t.createdAt),
    check("admin_alerts_severity_check", sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
    check("admin_alerts_status_check", sql`${t.status} in ('open', 'resolved')`),
  ],
);
