import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { staffCodes } from "./schema";

/** Revokes an unused code; a used one has done its job and is kept as a record. */
export async function revokeStaffCode(actorId: string, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(staffCodes)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffCodes.id, id), isNull(staffCodes.usedAt), isNull(staffCodes.revokedAt)))
      .returning();
    if (!row) return false;
    await recordAudit(tx, {
      actorId,
      action: "staff_code.revoke",
      resourceType: "staff_code",
      resourceId: String(id),
      oldData: { code: row.code },
    });
    return true;
  });
}
