import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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

/**
 * The same link for an address that may have no newsletter row yet (a customer reminded of their cart): it also names
 * the address, so unsubscribing can record the opt-out for it (docs/product/content.md#newsletter).
 */
export function unsubscribeUrlNamingAddress(email: string): string {
  const address = email.trim().toLowerCase();
  return `${unsubscribeUrlFor(address)}&email=${encodeURIComponent(address)}`;
}

/** Whether the token is this address's unsubscribe token. */
export function isUnsubscribeTokenFor(token: string, email: string): boolean {
  const expected = Buffer.from(unsubscribeTokenFor(email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function confirmUrlFor(token: string): string {
  return `${publicUrl()}/newsletter/confirm?token=${token}`;
}
