import { and, eq, inArray, ne, or } from "drizzle-orm";
import { REFERRAL_REFUSALS } from "@domain/referrals/referral";
import { recordAudit } from "../audit/record-audit";
import type { DbOrTx } from "../db/client";
import { sellers } from "../marketplace/schema";
import { postCommissionLedger } from "./post-commission-ledger";
import { referralCommissions, referralPayoutAccounts, referrals } from "./schema";

const accountKey = (a: { bankCode: string; accountNumber: string }) => `${a.bankCode}:${a.accountNumber}`;

/**
 * A self-referral found by money's destination (docs/product/refer-and-earn.md#fraud-checks): when a referrer and a
 * friend bound to them are paid into the same bank account (their Refer & Earn payout account, or their marketplace
 * store's), the binding is refused. Its held commissions are refused, and those approved or paid are taken back from
 * the balance (once: the ledger's key). Checked for `userId` in both roles, whenever an account is saved and before any
 * payout; runs in the caller's transaction and locks the bindings it reads.
 */
export async function refuseSelfReferralsByBankAccount(tx: DbOrTx, userId: string): Promise<number> {
  const bound = await tx
    .select({ id: referrals.id, referrerId: referrals.referrerId, referredId: referrals.referredId, status: referrals.status })
    .from(referrals)
    .where(and(or(eq(referrals.referrerId, userId), eq(referrals.referredId, userId)), ne(referrals.status, "refused")))
    .for("update");
  if (bound.length === 0) return 0;
  const people = [...new Set(bound.flatMap((r) => [r.referrerId, r.referredId]))];
  const accounts = [
    ...(await tx
      .select({
        userId: referralPayoutAccounts.userId,
        bankCode: referralPayoutAccounts.bankCode,
        accountNumber: referralPayoutAccounts.accountNumber,
      })
      .from(referralPayoutAccounts)
      .where(inArray(referralPayoutAccounts.userId, people))),
    ...(await tx
      .select({ userId: sellers.userId, bankCode: sellers.bankCode, accountNumber: sellers.accountNumber })
      .from(sellers)
      .where(inArray(sellers.userId, people))),
  ];
  const keysOf = (id: string) => new Set(accounts.filter((a) => a.userId === id).map(accountKey));
  const shared = bound.filter((r) => {
    const theirs = keysOf(r.referredId);
    return [...keysOf(r.referrerId)].some((key) => theirs.has(key));
  });
  const reason = REFERRAL_REFUSALS.same_bank_account;
  for (const r of shared) {
    await tx.update(referrals).set({ status: "refused", refusal: "same_bank_account" }).where(eq(referrals.id, r.id));
    const open = await tx
      .update(referralCommissions)
      .set({ status: "refused", note: reason })
      .where(and(eq(referralCommissions.referralId, r.id), eq(referralCommissions.status, "pending")))
      .returning({ amountKobo: referralCommissions.amountKobo });
    const takenBack = await tx
      .update(referralCommissions)
      .set({ status: "reversed", reversedAt: new Date(), note: reason })
      .where(and(eq(referralCommissions.referralId, r.id), inArray(referralCommissions.status, ["approved", "paid"])))
      .returning({ id: referralCommissions.id, referrerId: referralCommissions.referrerId, amountKobo: referralCommissions.amountKobo });
    await postCommissionLedger(tx, "reversed", takenBack, takenBack, "the friend is paid into the same bank account as you");
    await recordAudit(tx, {
      actorId: null,
      action: "referral.refuse",
      resourceType: "referral",
      resourceId: String(r.id),
      oldData: { status: r.status },
      newData: {
        refusal: "same_bank_account",
        refusedKobo: open.reduce((sum, c) => sum + c.amountKobo, 0),
        reversedKobo: takenBack.reduce((sum, c) => sum + c.amountKobo, 0),
      },
    });
  }
  return shared.length;
}
