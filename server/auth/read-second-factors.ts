import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { getDb } from "../db/client";
import { twoFactorPhones, twoFactors, users } from "./schema";

/**
 * An account's second factors (docs/product/accounts.md#two-factor-authentication): whether two-factor is on, whether
 * the authenticator app is verified, the verified phone that receives codes, and a number still waiting for its code.
 */
export type TSecondFactors = {
  enabled: boolean;
  totp: boolean;
  phone: { id: number; phone: string } | null;
  pendingPhone: { id: number; phone: string } | null;
};

export async function readSecondFactors(db: DbOrTx, userId: string): Promise<TSecondFactors> {
  const [user] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  const [totp] = await db
    .select({ id: twoFactors.id })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true)));
  const phones = await db
    .select({ id: twoFactorPhones.id, phone: twoFactorPhones.phone, status: twoFactorPhones.status })
    .from(twoFactorPhones)
    .where(eq(twoFactorPhones.userId, userId));
  const of = (status: string) => {
    const row = phones.find((p) => p.status === status);
    return row ? { id: row.id, phone: row.phone } : null;
  };
  return { enabled: !!user?.enabled, totp: !!totp, phone: of("verified"), pendingPhone: of("unverified") };
}

/** The signed-in person's second factors, for the account page. */
export const getSecondFactors = (userId: string) => readSecondFactors(getDb(), userId);
