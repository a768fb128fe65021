import { and, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "../db/client";
import { passwordResetAudit } from "./schema";

export async function recordPasswordResetRequest(email: string, ipAddress: string, userAgent: string | null) {
  await getDb().insert(passwordResetAudit).values({ email, ipAddress, userAgent });
}

/** Completion stamps the newest open request for that e-mail (docs/product/accounts.md#password-reset). */
export async function stampPasswordResetCompleted(email: string) {
  const db = getDb();
  const [open] = await db
    .select({ id: passwordResetAudit.id })
    .from(passwordResetAudit)
    .where(and(eq(passwordResetAudit.email, email), isNull(passwordResetAudit.resetCompletedAt)))
    .orderBy(desc(passwordResetAudit.requestedAt), desc(passwordResetAudit.id))
    .limit(1);
  if (open) await db.update(passwordResetAudit).set({ resetCompletedAt: new Date() }).where(eq(passwordResetAudit.id, open.id));
}
