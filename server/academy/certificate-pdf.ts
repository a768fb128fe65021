import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { verifyPath } from "@domain/academy/certificates";
import { publicUrl } from "../env";
import { findCertificate } from "./find-certificate";
import { renderCertificatePdf } from "./render-certificate-pdf";

export type TCertificatePdf =
  | { kind: "pdf"; bytes: Uint8Array; filename: string }
  | { kind: "revoked"; code: string; revokedAt: Date; reason: string | null }
  | { kind: "not_found" };

/**
 * The certificate PDF for its owner, staff and admins (docs/product/academy.md#certificates); anyone else is told
 * there is no such certificate, so codes cannot be tried for names. A revoked certificate has no PDF.
 */
export async function certificatePdfFor(viewer: TViewer, rawCode: string): Promise<TCertificatePdf> {
  const cert = await findCertificate(rawCode);
  if (!cert || (cert.userId !== viewer.id && !hasRoleLevel(viewer.role, "staff"))) return { kind: "not_found" };
  // Without the holder's name there is nothing to print (docs/product/privacy-requests.md).
  if (cert.nameRemovedAt) return { kind: "not_found" };
  if (cert.revokedAt) return { kind: "revoked", code: cert.code, revokedAt: cert.revokedAt, reason: cert.revokedReason };
  const bytes = await renderCertificatePdf(cert, `${publicUrl()}${verifyPath(cert.code)}`);
  const slug = cert.courseSlug.replace(/[^a-z0-9-]/g, "").slice(0, 60);
  return { kind: "pdf", bytes, filename: `zavolah-certificate-${slug}-${cert.code}.pdf` };
}
