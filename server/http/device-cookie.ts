import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { publicUrl } from "../env";
import { addHeaderWhenSent } from "./header-when-sent";

// A browser's own random id (docs/product/refer-and-earn.md#fraud-checks): a first-party cookie, set on the first form
// a browser sends (a sign-in, a sign-up), kept for two years and through sign-outs. Nothing about the person or the
// machine is in it, and no page depends on it (the page cache ignores it). The server stamps it on each request as
// `x-zavolah-device`, so a sign-in can note the browser, and a sign-up can be matched against the browsers its
// referrer signs in on.

export const DEVICE_COOKIE = "zavolah_device";
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const TWO_YEARS_S = 2 * 365 * 86_400;

/** The id in a request's cookies, when it has a well-formed one. */
export function deviceIdFrom(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return DEVICE_ID.test(value) ? value : null;
    }
  }
  return null;
}

export const newDeviceId = () => randomBytes(16).toString("base64url");

/** Adds the cookie to whatever the response sends, beside the app's own cookies. */
export function sendDeviceCookie(res: ServerResponse, id: string) {
  const cookie = `${DEVICE_COOKIE}=${id}; Max-Age=${TWO_YEARS_S}; Path=/; HttpOnly; SameSite=Lax${publicUrl().startsWith("https://") ? "; Secure" : ""}`;
  addHeaderWhenSent(res, "Set-Cookie", () => cookie);
}
