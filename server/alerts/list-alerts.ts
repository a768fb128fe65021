import { desc, eq, sql } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { adminAlerts } from "./schema";

const SEVERITY_RANK = sql`case ${adminAlerts.severity} when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

/** Open alerts, the most severe and then the newest first. */
export async function listOpenAlerts(limit = 50) {
  return getDb()
    .select({
      id: adminAlerts.id,
      type: adminAlerts.type,
      title: adminAlerts.title,
      message: adminAlerts.message,
      severity: adminAlerts.severity,
      createdAt: adminAlerts.createdAt,
    })
    .from(adminAlerts)
    .where(eq(adminAlerts.status, "open"))
    .orderBy(SEVERITY_RANK, desc(adminAlerts.createdAt), desc(adminAlerts.id))
    .limit(limit);
}

/** The latest resolved alerts with who resolved them, for the record. */
export async function listResolvedAlerts(limit = 5) {
  return getDb()
    .select({
      id: adminAlerts.id,
      title: adminAlerts.title,
      severity: adminAlerts.severity,
      resolvedAt: adminAlerts.resolvedAt,
      resolvedBy: users.name,
    })
    .from(adminAlerts)
    .leftJoin(users, eq(users.id, adminAlerts.resolvedBy))
    .where(eq(adminAlerts.status, "resolved"))
    .orderBy(desc(adminAlerts.resolvedAt), desc(adminAlerts.id))
    .limit(limit);
}
