import { createHmac, timingSafeEqual } from "node:crypto";
import { hasRoleLevel, type TRole } from "@domain/access/roles";
import { authSecret, publicUrl } from "../env";

// Lesson videos and files for the app (docs/product/api-gateway.md#academy): a player cannot send the access token
// with each range request, so the gateway's lesson answer carries links to the site's own media routes, signed for one
// person and one path with the server's secret and valid for a few minutes. The route checks the signature, then the
// same rule as for the cookie (enrolled, or a preview) for the person the link names. The signature is a query value
// named `sig`, which maskSecrets (domain/messaging/mask-secrets.ts) hides wherever an address is shown or logged.

/** How long a link opens its file: as long as the access token that asked for it lives. */
export const LESSON_LINK_MINUTES = 15;

const sign = (path: string, userId: string, expires: number) =>
  createHmac("sha256", authSecret()).update(`academy-media:${path}:${userId}:${expires}`).digest("base64url");

/** An absolute link to a lesson's media path (`/academy/media/...`) for this person, valid for LESSON_LINK_MINUTES. */
export function signLessonMediaLink(path: string, userId: string, now = new Date()): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + LESSON_LINK_MINUTES * 60;
  const query = new URLSearchParams({ u: userId, exp: String(expires), sig: sign(path, userId, expires) });
  return { url: `${publicUrl()}${path}?${query.toString()}`, expiresAt: new Date(expires * 1000) };
}

export type TMediaLinkReading = { kind: "none" } | { kind: "valid"; userId: string } | { kind: "refused"; message: string };

/** Reads a request's signed link: none (the cookie decides), valid for a person, or refused (forged or expired). */
export function readLessonMediaLink(path: string, query: URLSearchParams, now = new Date()): TMediaLinkReading {
  const signature = query.get("sig");
  if (signature === null) return { kind: "none" };
  const userId = query.get("u") ?? "";
  const expires = Number(query.get("exp"));
  const expected = Buffer.from(sign(path, userId, expires));
  const given = Buffer.from(signature);
  if (!userId || !Number.isSafeInteger(expires) || expected.length !== given.length || !timingSafeEqual(expected, given))
    return { kind: "refused", message: "This link is not valid." };
  if (expires * 1000 < now.getTime()) return { kind: "refused", message: "This link has expired: open the lesson again for a new one." };
  return { kind: "valid", userId };
}

/** Who asks for a lesson's file, as the lesson page's rule sees them (preview, enrolled or staff). */
export type TLessonFileReader = { id: string; isStaff: boolean } | null;

/**
 * The person a lesson's video or file is for: the one a valid signed link names, otherwise the signed-in viewer, otherwise
 * nobody; a forged or expired link is refused.
 */
export function lessonFileReader(
  url: URL,
  viewer: { id: string; role: TRole } | null,
): { ok: true; reader: TLessonFileReader } | { ok: false; message: string } {
  const link = readLessonMediaLink(url.pathname, url.searchParams);
  if (link.kind === "refused") return { ok: false, message: link.message };
  if (link.kind === "valid") return { ok: true, reader: { id: link.userId, isStaff: false } };
  return { ok: true, reader: viewer ? { id: viewer.id, isStaff: hasRoleLevel(viewer.role, "staff") } : null };
}
