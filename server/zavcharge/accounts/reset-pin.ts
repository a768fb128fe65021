import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { TPinReset } from "@domain/zavcharge/accounts/account-input";
import { PIN_RESET_TRIES } from "@domain/zavcharge/accounts/account-rules";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { consumePinResetAttempt, pinSucceeded, liftPinIdLock, RateLimitedError } from "../../auth/rate-limits";
import { getDb } from "../../db/client";
import { hashPin } from "./pin-hash";
import { hashResetCode } from "./request-pin-reset";
import { zavchargeAccounts, zavchargePinResets, zavchargePinSessions } from "./schema";

const WRONG_CODE = "That code is wrong or has expired. Ask for a new one.";

/**
 * The e-mailed code with the new PIN (docs/product/zavcharge.md#pins): the newest unused code of the account,
 * within 15 minutes and 5 tries, used once. The new PIN replaces the hash and ends every PIN session.
 */
export async function resetPin(input: TPinReset, ip: string): Promise<TResult> {
  try {
    await consumePinResetAttempt(input.subscriptionId, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const pinHash = await hashPin(input.pin);
  const result = await getDb().transaction(async (tx): Promise<TResult> => {
    const [reset] = await tx
      .select({ id: zavchargePinResets.id, accountId: zavchargePinResets.accountId, codeHash: zavchargePinResets.codeHash })
      .from(zavchargePinResets)
      .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, zavchargePinResets.accountId))
      .where(
        and(
          eq(zavchargeAccounts.code, input.subscriptionId),
          ne(zavchargeAccounts.status, "closed"),
          isNull(zavchargePinResets.usedAt),
          gt(zavchargePinResets.expiresAt, new Date()),
          sql`${zavchargePinResets.attempts} < ${PIN_RESET_TRIES}`,
        ),
      )
      .orderBy(desc(zavchargePinResets.id))
      .limit(1)
      .for("update");
    if (!reset) return refuse("invalid_input", WRONG_CODE, { field: "code" });
    const expected = Buffer.from(reset.codeHash, "hex");
    const actual = Buffer.from(hashResetCode(reset.accountId, input.code), "hex");
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      await tx
        .update(zavchargePinResets)
        .set({ attempts: sql`${zavchargePinResets.attempts} + 1` })
        .where(eq(zavchargePinResets.id, reset.id));
      return refuse("invalid_input", WRONG_CODE, { field: "code" });
    }
    await tx.update(zavchargePinResets).set({ usedAt: new Date() }).where(eq(zavchargePinResets.id, reset.id));
    await tx.update(zavchargeAccounts).set({ pinHash, updatedAt: new Date() }).where(eq(zavchargeAccounts.id, reset.accountId));
    await tx.delete(zavchargePinSessions).where(eq(zavchargePinSessions.accountId, reset.accountId));
    return succeed();
  });
  // Proving the e-mail lifts a lock-out from wrong PINs: the new PIN works at once.
  if (result.ok) {
    await pinSucceeded(input.subscriptionId, ip);
    await liftPinIdLock(input.subscriptionId);
  }
  return result;
}
