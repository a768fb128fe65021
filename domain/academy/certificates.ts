import { CERTIFICATE_CODE_ALPHABET } from "./academy";

// Certificates as visitors see them (docs/product/academy.md#certificates): codes people type, the public
// verification address, the PDF address and the share links. Pure, so the browser may use it.

const CODE_CHARS = new RegExp(`^[${CERTIFICATE_CODE_ALPHABET}]{12}$`);

/**
 * A code as someone typed or pasted it ("k7qm2xhd9tra", " K7QM-2XHD-9TRA ") in its printed form
 * "K7QM-2XHD-9TRA", or null when it cannot be a certificate code.
 */
export function normaliseCertificateCode(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]+/g, "");
  if (!CODE_CHARS.test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}

export const verifyPath = (code: string) => `/verify/${code}`;
export const certificatePdfPath = (code: string) => `/certificates/${code}/pdf`;

export function linkedInShareUrl(verifyUrl: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(verifyUrl)}`;
}

export function whatsAppShareUrl(courseTitle: string, verifyUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`I completed ${courseTitle} at Zavolah Academy. Verify my certificate: ${verifyUrl}`)}`;
}

/** The reason an admin gives when revoking a certificate, in characters. */
export const REVOKE_REASON_MIN = 5;
export const REVOKE_REASON_MAX = 500;

export const CERTIFICATES_PAGE_SIZE = 20;
