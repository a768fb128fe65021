import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { TPinResetRequest } from "@domain/zavcharge/accounts/account-input";
import { PIN_RESET_MINUTES } from "@domain/zavcharge/accounts/account-rules";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { consumePinResetAttempt, RateLimitedError } from "../../auth/rate-limits";
import { getDb } from "../../db/client";
import { publicUrl } from "../../env";
import { enqueueEmail } from "../../messaging/enqueue-email";
import { zavchargePinResetEmail } from "../../messaging/zavcharge-emails";
import { zavchargeAccounts, zavchargePinResets } from "./schema";

export const hashResetCode = (accountId: number, code: string) => createHash("sha256").update(`${accountId}:${code}`).digest("hex");

/**
 * Subscription id + the account's e-mail (docs/product/zavcharge.md#pins): a one-time 6-digit code goes to that
 * e-mail, hashed here, valid 15 minutes. Every request counts against the id's and the IP's limit, so pairs
 * cannot be tried at speed; an earlier unused code stops working.
 */
export async function requestPinReset(input: TPinResetRequest, ip: string): Promise<TResult<{ email: string }>> {
  try {
    await consumePinResetAttempt(input.subscriptionId, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  return getDb().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: zavchargeAccounts.id, name: zavchargeAccounts.name, email: zavchargeAccounts.email })
      .from(zavchargeAccounts)
      .where(
        and(
          eq(zavchargeAccounts.code, input.subscriptionId),
          ne(zavchargeAccounts.status, "closed"),
          sql`lower(${zavchargeAccounts.email}) = ${input.email}`,
        ),
      );
    if (!account?.email) return refuse("not_found", "No account found with this Subscription ID and email");
    await tx
      .update(zavchargePinResets)
      .set({ usedAt: new Date() })
      .where(and(eq(zavchargePinResets.accountId, account.id), isNull(zavchargePinResets.usedAt)));
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await tx.insert(zavchargePinResets).values({
      accountId: account.id,
      codeHash: hashResetCode(account.id, code),
      expiresAt: new Date(Date.now() + PIN_RESET_MINUTES * 60_000),
    });
    await enqueueEmail(
      tx,
      "zavcharge-pin-reset",
      { email: account.email, name: account.name },
      zavchargePinResetEmail({ name: account.name ?? "", subscriptionId: input.subscriptionId, code }, publicUrl()),
    );
    return succeed({ email: account.email });
  });
}
