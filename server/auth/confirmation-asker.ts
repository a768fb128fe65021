import { timingSafeEqual } from "node:crypto";
import { publicUrl } from "../env";
import { fingerprint } from "../privacy/fingerprint";

// The browser that asked for a confirmation link (docs/product/accounts.md#e-mail-confirmation): registering, or
// signing in before confirming, leaves a cookie naming the address (as a fingerprint). A confirmation link opened in
// that browser signs in at once; opened anywhere else, it asks for the account's password first, so nobody can sign
// a visitor into an account that is not theirs by sending them its link.

const COOKIE = "zavolah_confirm";
const MAX_AGE_SECONDS = 24 * 60 * 60; // as long as the link itself

const valueFor = (email: string) => fingerprint("confirmation-asker", email.trim().toLowerCase());

function attributes(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" || publicUrl().startsWith("https://");
  return `Path=/auth; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value for the response that sends the link. */
export function confirmationAskerCookie(email: string, request: Request): string {
  return `${COOKIE}=${valueFor(email)}; Max-Age=${MAX_AGE_SECONDS}; ${attributes(request)}`;
}

/** Whether this request comes from the browser that asked for a link to this address. */
export function askedInThisBrowser(request: Request, email: string): boolean {
  const header = request.headers.get("cookie") ?? "";
  const expected = Buffer.from(valueFor(email));
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== COOKIE) continue;
    const given = Buffer.from(part.slice(eq + 1).trim());
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
