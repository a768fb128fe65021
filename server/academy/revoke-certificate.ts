import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TRevokeCertificate } from "@domain/academy/certificate-input";
import { verifyPath } from "@domain/academy/certificates";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { recordActivity } from "./record-activity";
import { certificates } from "./schema";

/**
 * An admin revokes a certificate with a reason (docs/product/academy.md#certificates): the certificate, the audit
 * entry, the student's timeline and their notification change together. Revoked once: a second time is refused.
 */
export async function revokeCertificate(admin: TViewer, input: TRevokeCertificate): Promise<TResult<{ code: string }>> {
  return getDb().transaction(async (tx) => {
    const [cert] = await tx.select().from(certificates).where(eq(certificates.id, input.certificateId)).for("update");
    if (!cert) return refuse("not_found", "There is no such certificate.");
    if (cert.revokedAt)
      return refuse("conflict", `Certificate ${cert.code} was already revoked on ${formatLagosDateLong(cert.revokedAt)}.`);
    const revokedAt = new Date();
    await tx.update(certificates).set({ revokedAt, revokedReason: input.reason }).where(eq(certificates.id, cert.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: "certificate.revoke",
      resourceType: "certificate",
      resourceId: cert.code,
      oldData: { revokedAt: null },
      newData: { revokedAt: revokedAt.toISOString(), reason: input.reason, studentName: cert.studentName, courseTitle: cert.courseTitle },
    });
    await recordActivity(tx, {
      userId: cert.userId,
      courseId: cert.courseId,
      type: "certificate_revoked",
      title: `Certificate revoked: ${cert.courseTitle}`,
      description: input.reason,
    });
    await notifyUser(tx, {
      userId: cert.userId,
      type: "course",
      priority: "high",
      title: `Your certificate for ${cert.courseTitle} was revoked`,
      message: `Zavolah Academy revoked certificate ${cert.code}. Reason: ${input.reason} If you think this is a mistake, please contact us.`,
      link: verifyPath(cert.code),
      metadata: { code: cert.code, courseName: cert.courseTitle },
      emailCopy: true,
    });
    return succeed({ code: cert.code });
  });
}
