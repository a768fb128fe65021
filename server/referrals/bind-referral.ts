import { createHmac } from "node:crypto";
import { and, count, eq, gt, inArray } from "drizzle-orm";
import { isTraceableAddress, SIGNUP_BURST, type TReferralFlag } from "@domain/referrals/fraud";
import { mailboxOf, normaliseReferralCode, shortName, type TReferralRefusal } from "@domain/referrals/referral";
import { hasSignedInOn } from "../auth/remember-sign-in-device";
import { sessions, users } from "../auth/schema";
import type { Tx } from "../db/client";
import { authSecret } from "../env";
import { getDb } from "../db/client";
import { getCachedSettings } from "../settings/get-settings";
import { notifyReferrer } from "./notify-referrer";
import { referralCodes, referrals } from "./schema";

export type TReferralSource = "link" | "code";

/** Whether a code typed at sign-up belongs to someone (checked before the account is made, so a typo is said). */
export async function referralCodeExists(code: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, normaliseReferralCode(code)));
  return !!row;
}

/** A sign-up's address, keyed: two sign-ups from one address match, and the address cannot be read back from it. */
const addressKey = (ip: string) => createHmac("sha256", authSecret()).update(`referral-signup-ip:${ip}`).digest("base64url");

/**
 * What looks suspicious about a new binding (docs/product/refer-and-earn.md#fraud-checks): the friend signs up from an
 * address the referrer signs in from, or theirs is one of several sign-ups with codes from one address within the hour.
 */
async function flagOf(tx: Tx, referrerId: string, ip: string | null): Promise<TReferralFlag | null> {
  if (!isTraceableAddress(ip)) return null;
  const [shared] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, referrerId), eq(sessions.ipAddress, ip)))
    .limit(1);
  if (shared) return "same_network";
  const since = new Date(Date.now() - SIGNUP_BURST.withinMinutes * 60_000);
  const [recent] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(and(eq(referrals.signupIpHash, addressKey(ip)), gt(referrals.boundAt, since)));
  return (recent?.n ?? 0) + 1 >= SIGNUP_BURST.count ? "signup_burst" : null;
}

/**
 * Binds a new account to the customer whose code brought them (docs/product/refer-and-earn.md#attribution): once, at
 * sign-up, to the first referrer, never moved (the unique key on the person referred makes a second binding a no-op,
 * however many tabs or links). Only accounts made now are bound, so an existing customer cannot be referred. A person
 * with the referrer's own phone number or mailbox, or signing up in a browser the referrer signs in on, is bound as
 * refused: it earns nothing, and no later link can bind
 * them. One that only looks suspicious (fraud-checks) is bound as flagged: its commissions wait for staff. With the
 * programme off nobody is bound.
 */
export async function bindReferral(
  referredId: string,
  code: string,
  source: TReferralSource,
  ip: string | null = null,
  deviceId: string | null = null,
): Promise<{ status: "active" | "flagged" | "refused" } | null> {
  if (!(await getCachedSettings()).referEarnEnabled) return null;
  const db = getDb();
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: referralCodes.userId, code: referralCodes.code })
      .from(referralCodes)
      .where(eq(referralCodes.code, normaliseReferralCode(code)));
    if (!owner || owner.userId === referredId) return null;
    const people = await tx
      .select({ id: users.id, email: users.email, phone: users.phone, name: users.name })
      .from(users)
      .where(inArray(users.id, [owner.userId, referredId]));
    const referrer = people.find((p) => p.id === owner.userId);
    const referred = people.find((p) => p.id === referredId);
    if (!referrer || !referred) return null;
    const refusal: TReferralRefusal | null =
      referrer.phone && referrer.phone === referred.phone
        ? "same_phone"
        : mailboxOf(referrer.email) === mailboxOf(referred.email)
          ? "same_mailbox"
          : (await hasSignedInOn(tx, referrer.id, deviceId))
            ? "same_device"
            : null;
    const flag = refusal ? null : await flagOf(tx, owner.userId, ip);
    const status = refusal ? "refused" : flag ? "flagged" : "active";
    const [bound] = await tx
      .insert(referrals)
      .values({
        referrerId: owner.userId,
        referredId,
        code: owner.code,
        source,
        status,
        refusal,
        flag,
        signupIpHash: isTraceableAddress(ip) ? addressKey(ip) : null,
      })
      .onConflictDoNothing({ target: referrals.referredId })
      .returning({ status: referrals.status });
    if (bound && bound.status !== "refused")
      await notifyReferrer(tx, owner.userId, { event: "joined", friendName: shortName(referred.name) });
    return bound ? { status: bound.status as "active" | "flagged" | "refused" } : null;
  });
}
