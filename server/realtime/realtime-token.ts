import { createHmac } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { getAuth } from "../auth/auth";
import { sessions } from "../auth/schema";
import { getDb } from "../db/client";
import { authSecret } from "../env";

// Bearer tokens for the websocket (in the query or the Authorization header, docs/product/notifications-and-reminders.md), for the mobile
// app and other clients that cannot send the site's cookie with the right Origin. Short-lived and good for
// /ws only, so one that leaks from a URL in a log opens nothing else; better-auth's bearer plugin would
// instead make the long-lived session token a credential for every API. Tied to the session: signing out
// (or a password reset revoking sessions) invalidates it.

const AUDIENCE = "zavolah:ws";
export const TOKEN_TTL_SECONDS = 10 * 60;

let key: { secret: string; bytes: Uint8Array } | undefined;
function signingKey(): Uint8Array {
  const secret = authSecret();
  // A key of its own, derived from the auth secret: a token for /ws can never pass as anything better-auth signs.
  if (key?.secret !== secret) key = { secret, bytes: createHmac("sha256", secret).update("zavolah realtime token v1").digest() };
  return key.bytes;
}

export async function issueRealtimeToken(userId: string, sessionId: string): Promise<{ token: string; expiresIn: number }> {
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(signingKey());
  return { token, expiresIn: TOKEN_TTL_SECONDS };
}

/** For POST /api/realtime/token: a token for the session the request's cookie carries. */
export async function issueTokenForRequest(headers: Headers) {
  const session = await getAuth().api.getSession({ headers });
  if (!session) return null;
  return issueRealtimeToken(session.user.id, session.session.id);
}

/** The token's user, if the signature, audience and expiry hold and its session still exists. */
export async function verifyRealtimeToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const [live] = await getDb()
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, payload.sid), eq(sessions.userId, payload.sub), gt(sessions.expiresAt, new Date())));
    return live ? payload.sub : null;
  } catch {
    return null;
  }
}
