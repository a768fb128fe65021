import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret, publicUrl } from "../env";

// The link back to an abandoned cart (docs/product/store-and-orders.md#abandoned-carts): the record's id signed with the
// server secret, so nobody can make a link to someone else's cart by counting ids. Changing the secret retires old links.

const sign = (id: number) => createHmac("sha256", authSecret()).update(`cart-restore:${id}`).digest("base64url");

export function cartRestoreToken(abandonmentId: number): string {
  return `${abandonmentId}.${sign(abandonmentId)}`;
}

export function cartRestoreUrl(abandonmentId: number, siteUrl = publicUrl()): string {
  return `${siteUrl}/cart/restore/${cartRestoreToken(abandonmentId)}`;
}

/** The record id a genuine token names, or null for a forged, cut or malformed one. */
export function readCartRestoreToken(token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const expected = Buffer.from(sign(id));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
