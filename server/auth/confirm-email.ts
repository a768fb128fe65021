import { and, eq, isNull } from "drizzle-orm";
import { errors as joseErrors, jwtVerify } from "jose";
import { isRole } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { subscribeConfirmedAccount } from "../content/newsletter/subscribe-confirmed-account";
import { getDb } from "../db/client";
import { authSecret, publicUrl } from "../env";
import { welcomeEmail } from "../messaging/account-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { openPendingDriverAccount } from "../zavcharge/open-pending-driver-account";
import type { TOpenedDriverAccount } from "../zavcharge/open-driver-account";
import { getAuth } from "./auth";
import { authErrorCode } from "./auth-errors";
import { checkPassword } from "./check-password";
import { askedInThisBrowser } from "./confirmation-asker";
import { users } from "./schema";

/**
 * Who opens the link: the browser (its cookies tell whether it asked for the link) and, when it did not ask, the
 * account's password typed on the confirmation page.
 */
export type TConfirmProof = { browser: Request; ip: string; password?: string };

export type TConfirmed =
  | {
      alreadyConfirmed: false;
      headers: Headers;
      name: string;
      role: string;
      /** The ZavCharge account a ZavCharge registration was waiting for, opened now. */
      zavcharge: TOpenedDriverAccount | null;
    }
  | { alreadyConfirmed: true }
  /** A browser that did not ask for the link, without the password yet: the page asks for it. */
  | { passwordNeeded: true };

const INVALID = "This confirmation link is invalid. Sign in to get a new one.";
const WRONG_PASSWORD = "That is not the password of this account. Forgot it? Reset it from the sign-in window.";
const EXPIRED = "This confirmation link has expired. Sign in and we will send you a new one.";

/** The address a link confirms, if the server signed it and it has not expired. */
async function addressOf(token: string): Promise<TResult<{ email: string }>> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(authSecret()), { algorithms: ["HS256"] });
    // Our links confirm an address; a token asking to change one (better-auth's "updateTo") is never ours.
    if (typeof payload.email !== "string" || "updateTo" in payload) return refuse("invalid_input", INVALID);
    return succeed({ email: payload.email.toLowerCase() });
  } catch (error) {
    return refuse("invalid_input", error instanceof joseErrors.JWTExpired ? EXPIRED : INVALID);
  }
}

/**
 * Confirms the e-mail from the link (docs/product/accounts.md#e-mail-confirmation) and signs the person in, when the
 * browser that asked for the link opens it, or when whoever opens it types the account's password. The welcome
 * e-mail goes once (welcomed_at is claimed atomically: a mail scanner may open the link too), and a ZavCharge
 * registration waiting for this confirmation opens its account in the same transaction.
 */
export async function confirmEmail(token: string, proof: TConfirmProof): Promise<TResult<TConfirmed>> {
  const address = await addressOf(token);
  if (!address.ok) return address;
  const { email } = address;
  const db = getDb();
  const [person] = await db.select({ id: users.id, verified: users.emailVerified }).from(users).where(eq(users.email, email));
  if (!person) return refuse("invalid_input", INVALID);
  if (person.verified) return succeed({ alreadyConfirmed: true as const });
  if (!askedInThisBrowser(proof.browser, email)) {
    if (proof.password === undefined) return succeed({ passwordNeeded: true as const });
    const checked = await checkPassword({ email, ip: proof.ip }, person.id, proof.password);
    if (!checked.ok && checked.error.code === "rate_limited") return checked;
    if (!checked.ok) return refuse("invalid_input", WRONG_PASSWORD, { field: "password" });
  }
  let headers: Headers;
  try {
    // Only the caller's address and browser id go with it (no cookie): the session it opens records where it was
    // opened from, as a sign-in's does (refer-and-earn's network and browser checks read them).
    ({ headers } = await getAuth().api.verifyEmail({
      query: { token },
      headers: new Headers({ "x-zavolah-peer": proof.ip, "x-zavolah-device": proof.browser.headers.get("x-zavolah-device") ?? "" }),
      returnHeaders: true,
    }));
  } catch (error) {
    const auth = authErrorCode(error);
    if (!auth) throw error;
    return refuse("invalid_input", auth.code === "TOKEN_EXPIRED" ? EXPIRED : INVALID);
  }
  const confirmed = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(users)
      .set({ welcomedAt: new Date() })
      .where(and(eq(users.id, person.id), isNull(users.welcomedAt)))
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role, newsletterOptIn: users.newsletterOptIn });
    if (claimed) {
      await enqueueEmail(tx, "welcome", claimed, welcomeEmail(claimed.name, isRole(claimed.role) ? claimed.role : "customer", publicUrl()));
      if (claimed.newsletterOptIn) await subscribeConfirmedAccount(tx, { email: claimed.email, userId: claimed.id, name: claimed.name });
    }
    const [user] = await tx.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, person.id));
    return {
      name: user!.name,
      role: user!.role,
      zavcharge: await openPendingDriverAccount(tx, {
        userId: person.id,
        email,
        deviceId: proof.browser.headers.get("x-zavolah-device") || null,
      }),
    };
  });
  return succeed({ alreadyConfirmed: false as const, headers, ...confirmed });
}
