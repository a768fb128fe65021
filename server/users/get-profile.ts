import { eq } from "drizzle-orm";
import { REFERRAL_POINTS_PER_QUALIFIED } from "@domain/referrals/commission";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { qualifiedReferralCount } from "../referrals/referral-balance";

/**
 * What the account page shows of the signed-in user. Their points are the profile's own (imported from the old site)
 * and those refer and earn gives for each qualified friend (docs/product/refer-and-earn.md#payouts).
 */
export async function getProfile(userId: string) {
  const db = getDb();
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      department: users.department,
      image: users.image,
      role: users.role,
      points: users.points,
      twoFactorEnabled: users.twoFactorEnabled,
      staffCode: users.staffCode,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return { ...row, points: row.points + (await qualifiedReferralCount(db, userId)) * REFERRAL_POINTS_PER_QUALIFIED };
}
