import { eq, inArray } from "drizzle-orm";
import { mailboxOf, normaliseReferralCode, shortName, type TReferralRefusal } from "@domain/referrals/referral";
import { users } from "../auth/schema";
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

/**
 * Binds a new account to the customer whose code brought them (docs/product/refer-and-earn.md#attribution): once, at
 * sign-up, to the first referrer, never moved (the unique key on the person referred makes a second binding a no-op,
 * however many tabs or links). Only accounts made now are bound, so an existing customer cannot be referred. A person
 * with the referrer's own phone number or mailbox is bound as refused: it earns nothing, and no later link can bind
 * them. With the programme off nobody is bound.
 */
export async function bindReferral(
  referredId: string,
  code: string,
  source: TReferralSource,
): Promise<{ status: "active" | "refused" } | null> {
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
          : null;
    const [bound] = await tx
      .insert(referrals)
      .values({ referrerId: owner.userId, referredId, code: owner.code, source, status: refusal ? "refused" : "active", refusal })
      .onConflictDoNothing({ target: referrals.referredId })
      .returning({ status: referrals.status });
    if (bound?.status === "active") await notifyReferrer(tx, owner.userId, { event: "joined", friendName: shortName(referred.name) });
    return bound ? { status: bound.status as "active" | "refused" } : null;
  });
}
