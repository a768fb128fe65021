import { createHmac } from "node:crypto";
import { getAuth } from "../../server/auth/auth";
import { authSecret } from "../../server/env";

/** better-call's signed cookie value: `token.base64(HMAC-SHA256(secret, token))`, URI-encoded. */
function signCookieValue(value: string, secret: string) {
  return encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`);
}

/** A real better-auth session for a user made by the fixtures, and the signed cookie a browser would send. */
export async function createSession(userId: string) {
  const ctx = await getAuth().$context;
  const session = await ctx.internalAdapter.createSession(userId);
  return { sessionId: session.id, token: session.token, cookie: `zavolah.session_token=${signCookieValue(session.token, authSecret())}` };
}
