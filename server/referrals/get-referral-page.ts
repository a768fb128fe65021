import { desc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { referralLink, type TReferralRefusal } from "@domain/referrals/referral";
import { publicUrl } from "../env";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { referralCodeFor } from "./referral-code-for";
import { referralCodes, referrals } from "./schema";

export type TInvitedPerson = { name: string; joinedAt: Date; refusal: TReferralRefusal | null };

/** "Ada Obi" shows as "Ada O.": the referrer sees who joined, not their whole name. */
const shortName = (name: string) => {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
};

/** What /refer-earn shows a customer (docs/product/refer-and-earn.md#the-page): their code, its openings, who joined. */
export async function getReferralPage(userId: string) {
  const code = await referralCodeFor(userId);
  const db = getDb();
  const [counts] = await db.select({ opens: referralCodes.opens }).from(referralCodes).where(eq(referralCodes.userId, userId));
  const rows = await db
    .select({ name: users.name, boundAt: referrals.boundAt, refusal: referrals.refusal })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.boundAt))
    .limit(200);
  const invited: TInvitedPerson[] = rows.map((r) => ({
    name: shortName(r.name),
    joinedAt: r.boundAt,
    refusal: r.refusal as TReferralRefusal | null,
  }));
  const link = referralLink(publicUrl(), code);
  const qrSvg = await QRCode.toString(link, { type: "svg", margin: 1, width: 168 });
  return { code, link, qrSvg, opens: counts?.opens ?? 0, invited, joined: invited.filter((p) => !p.refusal).length };
}
