import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { isRole } from "~/lib/roles";
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
 * Confirms the e-mail from the link and signs the user in. The welcome e-mail goes the first time only:
 * the link stays valid until it expires, and a second click must neither welcome twice nor sign in again.
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
    const [user] = await db.select({ id: users.id, name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.email, email));
    if (!user) return { ok: false, message: "This confirmation link is invalid. Sign in to get a new one." };
    await enqueueEmail(db, "welcome", user, welcomeEmail(user.name, isRole(user.role) ? user.role : "customer", publicUrl()));
    return { ok: true, alreadyConfirmed: false, headers, name: user.name, role: user.role };
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    if (auth.code === "TOKEN_EXPIRED") return { ok: false, message: "This confirmation link has expired. Sign in and we will send you a new one." };
    return { ok: false, message: "This confirmation link is invalid. Sign in to get a new one." };
  }
}
