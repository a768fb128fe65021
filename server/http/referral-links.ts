import type { IncomingMessage, ServerResponse } from "node:http";
import { sameSitePath } from "@domain/auth/auth-context";
import { REFERRAL_COOKIE } from "@domain/referrals/referral";
import { publicUrl } from "../env";
import { peerAddress } from "./client-ip";
import { log } from "../log";
import { openReferralLink } from "../referrals/open-referral-link";

// A referral link (docs/product/refer-and-earn.md#attribution): `?ref=CODE` on any page. The server remembers the code
// in a first-party cookie for `referralLinkDays` (30 by default) (the first link opened wins: an existing cookie is kept) and sends the visitor
// on to the same page without it, so the code never reaches the page cache's keys, canonical addresses or analytics.

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Answers a page request carrying `?ref=` with a redirect (and the cookie); false for any other request. */
export async function answerReferralLink(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const raw = req.url ?? "/";
  if (req.method !== "GET" || !raw.includes("ref=") || raw.startsWith("/api/") || raw.startsWith("/assets/")) return false;
  const url = new URL(raw, "http://site");
  const typed = url.searchParams.get("ref");
  if (typed === null) return false;
  url.searchParams.delete("ref");
  // "//host//path" reaches us as a path whose parse names another host: the visitor goes home instead.
  const headers: Record<string, string> = { Location: sameSitePath(`${url.pathname}${url.search}`) ?? "/", "Cache-Control": "no-store" };
  try {
    const opened = typed.length <= 40 ? await openReferralLink(typed, peerAddress(req)) : null;
    if (opened && !cookieValue(req.headers.cookie, REFERRAL_COOKIE)) {
      const secure = publicUrl().startsWith("https://");
      headers["Set-Cookie"] =
        `${REFERRAL_COOKIE}=${opened.code}; Max-Age=${opened.rememberDays * 86_400}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
    }
  } catch (error) {
    // The visitor still reaches the page; only the referral is not remembered.
    log.error({ err: error }, "referral link not recorded");
  }
  res.writeHead(302, headers);
  res.end();
  return true;
}

/** The code of the first referral link this browser opened, if it still has it (for sign-up). */
export function referralLinkCode(request: Request): string | null {
  return cookieValue(request.headers.get("cookie") ?? undefined, REFERRAL_COOKIE);
}
