import { publicUrl } from "../env";

// The guest cart's cookie: a random cart id, nothing else. An unknown or forged id finds no guest cart and
// simply reads as an empty cart; a signed-in user's cart is found by user id and never through this cookie.

export const CART_COOKIE = "cart";
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The guest cart id from the request's cookies, or null when absent or not a uuid. */
export function readGuestCartId(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== CART_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return UUID.test(value) ? value.toLowerCase() : null;
  }
  return null;
}

function attributes(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" || publicUrl().startsWith("https://");
  return `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Sets (or renews for 30 days) the guest cart cookie. */
export function guestCartCookie(cartId: string, request: Request): string {
  return `${CART_COOKIE}=${cartId}; Max-Age=${MAX_AGE_SECONDS}; ${attributes(request)}`;
}

/** Removes the guest cart cookie (after its cart merged into a user's). */
export function clearGuestCartCookie(request: Request): string {
  return `${CART_COOKIE}=; Max-Age=0; ${attributes(request)}`;
}
