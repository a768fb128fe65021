import { createHmac } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { getAuth } from "../../server/auth/auth";
import { confirmationAskerCookie } from "../../server/auth/confirmation-asker";
import { getDb } from "../../server/db/client";
import { authSecret } from "../../server/env";
import { outbox } from "../../server/messaging/schema";

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

/** The token of the newest confirmation link e-mailed to this address (waits for better-auth's after-commit write). */
export async function confirmationTokenFor(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const [mail] = await getDb()
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, "email-confirmation")))
      .orderBy(desc(outbox.id))
      .limit(1);
    const match = mail ? /\/auth\/callback\?token=([^\s&]+)/.exec(mail.text) : null;
    if (match) return decodeURIComponent(match[1]!);
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no confirmation link was e-mailed to ${email}`);
}

/** A request from the browser that asked for this address's confirmation link (it carries the asker cookie). */
export function browserThatAsked(email: string): Request {
  const cookie = confirmationAskerCookie(email, new Request("http://localhost/auth/sign-up")).split(";")[0]!;
  return new Request("http://localhost/auth/callback", { headers: { cookie } });
}

/** A request from any other browser. */
export const otherBrowser = () => new Request("http://localhost/auth/callback");
