import { createHash } from "node:crypto";
import { publicUrl } from "../../env";

// The PIN session's cookie (docs/product/zavcharge.md#pins): a random token; the database keeps its SHA-256 only,
// so a leaked table opens nothing. It is read only by ZavCharge's dashboard routes.

export const PIN_SESSION_COOKIE = "zavcharge_pin";
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function readPinSessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== PIN_SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : null;
  }
  return null;
}

function attributes(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" || publicUrl().startsWith("https://");
  return `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function pinSessionCookie(token: string, maxAgeSeconds: number, request: Request): string {
  return `${PIN_SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${attributes(request)}`;
}

export function clearPinSessionCookie(request: Request): string {
  return `${PIN_SESSION_COOKIE}=; Max-Age=0; ${attributes(request)}`;
}
