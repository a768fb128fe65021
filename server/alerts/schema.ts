import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
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
