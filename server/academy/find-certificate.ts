import { eq } from "drizzle-orm";
import { normaliseCertificateCode } from "@domain/academy/certificates";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { consumePublicLookup, RateLimitedError } from "../auth/rate-limits";
import { getDb } from "../db/client";
import { certificates, courses } from "./schema";

/** A certificate as printed: what the PDF and the verification page show (never an e-mail or a phone). */
export type TCertificateView = {
  id: number;
  code: string;
  userId: string;
  studentName: string;
  courseTitle: string;
  courseSlug: string;
  scorePct: number;
  grade: string;
  issuedAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  /** The holder asked us to delete their data: the name is gone (docs/product/privacy-requests.md). */
  nameRemovedAt: Date | null;
};

/** The certificate with this code (typed in any case, with or without dashes), or null. */
export async function findCertificate(rawCode: string): Promise<TCertificateView | null> {
  const code = normaliseCertificateCode(rawCode);
  if (!code) return null;
  const [row] = await getDb()
    .select({
      id: certificates.id,
      code: certificates.code,
      userId: certificates.userId,
      studentName: certificates.studentName,
      courseTitle: certificates.courseTitle,
      courseSlug: courses.slug,
      scorePct: certificates.scorePct,
      grade: certificates.grade,
      issuedAt: certificates.issuedAt,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      nameRemovedAt: certificates.nameRemovedAt,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.code, code));
  return row ?? null;
}

export type TVerifiedCertificate = Omit<TCertificateView, "id" | "userId">;

/**
 * The public check at /verify/{code} (docs/product/academy.md#certificates): counted per IP like other public
 * lookups, then the certificate (valid or revoked) or "No certificate with this code".
 */
export async function verifyCertificate(rawCode: string, p: { ip: string }): Promise<TResult<{ certificate: TVerifiedCertificate }>> {
  try {
    await consumePublicLookup(p.ip);
  } catch (error) {
    if (error instanceof RateLimitedError) return refuse("rate_limited", error.message);
    throw error;
  }
  const found = await findCertificate(rawCode);
  if (!found) return refuse("not_found", "No certificate with this code");
  const { id: _id, userId: _userId, ...certificate } = found;
  return succeed({ certificate });
}
