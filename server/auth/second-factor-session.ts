import { and, eq, gt } from "drizzle-orm";
import { getDb } from "../db/client";
import { sessions } from "./schema";
import { signedSessionToken } from "./viewer";

// Which sessions were signed in with a second factor, and when (docs/product/accounts.md#two-factor-authentication):
// the few things that need more than a password, such as downloading a backup of the whole site, ask for a second
// factor given recently, on this very session.

/** Notes, on the session the sign-in's answer sets, that its second factor was just given. */
export async function noteSecondFactorSession(signInHeaders: Headers, now = new Date()): Promise<void> {
  for (const cookie of signInHeaders.getSetCookie()) {
    const token = signedSessionToken(cookie);
    if (token) await getDb().update(sessions).set({ secondFactorAt: now }).where(eq(sessions.token, token));
  }
}

/** Whether the request's session was signed in with a second factor less than `withinMs` ago. */
export async function signedInWithSecondFactorWithin(request: Request, withinMs: number, now = new Date()): Promise<boolean> {
  const token = signedSessionToken(request.headers.get("cookie"));
  if (!token) return false;
  const [row] = await getDb()
    .select({ at: sessions.secondFactorAt })
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, now), gt(sessions.secondFactorAt, new Date(now.getTime() - withinMs))));
  return !!row && row.at!.getTime() <= now.getTime();
}
