import { and, eq, isNull } from "drizzle-orm";
import { decodeJwt } from "jose";
import { isRole } from "@domain/access/roles";
import { subscribeConfirmedAccount } from "../content/newsletter/subscribe-confirmed-account";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { welcomeEmail } from "../messaging/account-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { users } from "./schema";

export type TConfirmResult =
  | { ok: true; alreadyConfirmed: false; headers: Headers; name: string; role: string }
  | { ok: true; alreadyConfirmed: true }
  | { ok: false; message: string };

/**
 * Confirms the e-mail from the link and signs the user in. The welcome e-mail goes once (welcomed_at is
 * claimed atomically): the link stays valid until it expires, and a mail scanner may open it too.
 */
export async function confirmEmail(token: string): Promise<TConfirmResult> {
  let email: string;
  try {
    email = String(decodeJwt(token).email ?? "");
  } catch {
    return { ok: false, message: "This confirmation link is invalid. Sign in to get a new one." };
  }
  const db = getDb();
  const [before] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email));
  try {
    const { headers } = await getAuth().api.verifyEmail({ query: { token }, returnHeaders: true });
    if (!before || before.verified) return { ok: true, alreadyConfirmed: true };
    const user = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(users)
        .set({ welcomedAt: new Date() })
        .where(and(eq(users.email, email), isNull(users.welcomedAt)))
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role, newsletterOptIn: users.newsletterOptIn });
      if (claimed) {
        await enqueueEmail(
          tx,
          "welcome",
          claimed,
          welcomeEmail(claimed.name, isRole(claimed.role) ? claimed.role : "customer", publicUrl()),
        );
        if (claimed.newsletterOptIn) await subscribeConfirmedAccount(tx, { email: claimed.email, userId: claimed.id, name: claimed.name });
      }
      return claimed ?? (await tx.select({ name: users.name, role: users.role }).from(users).where(eq(users.email, email)))[0];
    });
    if (!user) return { ok: false, message: "This confirmation link is invalid. Sign in to get a new one." };
    return { ok: true, alreadyConfirmed: false, headers, name: user.name, role: user.role };
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "TOKEN_EXPIRED")
      return { ok: false, message: "This confirmation link has expired. Sign in and we will send you a new one." };
    return { ok: false, message: "This confirmation link is invalid. Sign in to get a new one." };
  }
}
