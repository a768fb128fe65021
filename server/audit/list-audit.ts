import { desc, eq } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { auditLog } from "./schema";

export async function listRecentAudit(limit = 30) {
  return getDb()
    .select({
      id: auditLog.id,
      action: auditLog.action,
      resourceType: auditLog.resourceType,
      resourceId: auditLog.resourceId,
      oldData: auditLog.oldData,
      newData: auditLog.newData,
      createdAt: auditLog.createdAt,
      actor: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
