import type { IncomingMessage } from "node:http";
import { getAuth } from "../auth/auth";
import { publicUrl } from "../env";
import { ACCESS_PREFIX } from "../gateway/api-tokens";
import { authenticateApiToken } from "../gateway/authenticate-api-token";
import { verifyRealtimeToken } from "./realtime-token";

/** userId null: a public socket (no credentials needed), which only ever receives PUBLIC_EVENT_TYPES. */
export type TUpgradeAuth = { ok: true; userId: string | null } | { ok: false; status: 401 | 403; reason: string };

/** `/ws?channel=public`: anonymous visitors of public pages (the ZavCharge network's live availability). */
export const PUBLIC_CHANNEL = "public";

function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  const query = new URL(req.url ?? "/", "http://x").searchParams.get("token");
  return query || null;
}

/**
 * A browser sends the site's cookie with any page's websocket, including another site's (cross-site
 * websocket hijacking), so cookie auth needs our own Origin, as guard.ts demands of writes.
 */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl()).origin || url.host === req.headers.host;
  } catch {
    return false;
  }
}

/** Who opens this socket: a bearer token (header or ?token=) or the session cookie from our own pages. */
export async function authenticateUpgrade(req: IncomingMessage): Promise<TUpgradeAuth> {
  // A public socket is public whatever credentials come with it: it never carries a user's events. Only our own
  // pages may open one, so other sites cannot use this server as their feed.
  if (new URL(req.url ?? "/", "http://x").searchParams.get("channel") === PUBLIC_CHANNEL)
    return sameOrigin(req) ? { ok: true, userId: null } : { ok: false, status: 403, reason: "cross-origin public socket" };
  const token = bearerToken(req);
  // The app's access token (docs/product/api-gateway.md#sync-events) opens it too.
  if (token?.startsWith(ACCESS_PREFIX)) {
    const caller = await authenticateApiToken(token, "mobile");
    return caller ? { ok: true, userId: caller.viewer.id } : { ok: false, status: 401, reason: "invalid token" };
  }
  if (token) {
    const userId = await verifyRealtimeToken(token);
    return userId ? { ok: true, userId } : { ok: false, status: 401, reason: "invalid token" };
  }
  const cookie = req.headers.cookie;
  if (!cookie?.includes("zavolah.session_token")) return { ok: false, status: 401, reason: "no credentials" };
  if (!sameOrigin(req)) return { ok: false, status: 403, reason: "cross-origin cookie" };
  const session = await getAuth().api.getSession({ headers: new Headers({ cookie }) });
  return session ? { ok: true, userId: session.user.id } : { ok: false, status: 401, reason: "no session" };
}
