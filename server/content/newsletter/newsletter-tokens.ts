import { createHash, createHmac, randomBytes } from "node:crypto";
import { authSecret, publicUrl } from "../../env";

// Confirmation tokens are random and single use; only their hash is stored.
// The unsubscribe token is derived from the address with the server secret, so every later marketing
// e-mail (campaigns) can carry a working link without storing the token itself; only its hash is kept.

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export const newConfirmToken = () => randomBytes(32).toString("base64url");

export function unsubscribeTokenFor(email: string): string {
  return createHmac("sha256", authSecret()).update(`newsletter-unsubscribe:${email.trim().toLowerCase()}`).digest("base64url");
}

/** The one-click unsubscribe link every marketing e-mail to this address must carry. */
export function unsubscribeUrlFor(email: string): string {
  return `${publicUrl()}/newsletter/unsubscribe?token=${unsubscribeTokenFor(email)}`;
}

export function confirmUrlFor(token: string): string {
  return `${publicUrl()}/newsletter/confirm?token=${token}`;
}
