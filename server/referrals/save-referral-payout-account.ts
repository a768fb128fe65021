import { ZReferralBankAccount } from "@domain/referrals/referral-input";
import { parseThen, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { checkPayoutAccount } from "../marketplace/check-payout-account";
import { refuseSelfReferralsByBankAccount } from "./refuse-self-referrals";
import { referralPayoutAccounts } from "./schema";

/**
 * A referrer saves the bank account their payouts go to (docs/product/refer-and-earn.md#payouts). The name is asked of
 * the payment provider (rate limited, as a seller's is) and the bank's name is kept; when no provider can be asked the
 * customer's typed name is kept unchecked, and an admin checks it before paying. Saving runs the bank-account fraud
 * check at once, for this person as referrer and as friend.
 */
export async function saveReferralPayoutAccount(
  userId: string,
  ip: string,
  fields: unknown,
): Promise<TResult<{ accountName: string; verified: boolean; refusedReferrals: number }>> {
  return parseThen(ZReferralBankAccount, fields, ["bankCode", "accountNumber", "accountName"], async (input) => {
    const check = await checkPayoutAccount(userId, ip, input);
    if (!check.ok) return check;
    const accountName = check.accountName ?? input.accountName;
    if (accountName.length < 3)
      return refuse("invalid_input", "We could not check the account with the bank right now: type the name on the account.", {
        field: "accountName",
      });
    return getDb().transaction(async (tx) => {
      const saved = { bankCode: input.bankCode, accountNumber: input.accountNumber, accountName, accountVerified: check.verified };
      await tx
        .insert(referralPayoutAccounts)
        .values({ userId, ...saved })
        // A new account needs a new transfer recipient at the provider.
        .onConflictDoUpdate({
          target: referralPayoutAccounts.userId,
          set: { ...saved, transferRecipientCode: null, updatedAt: new Date() },
        });
      await recordAudit(tx, {
        actorId: userId,
        action: "referral.payout_account",
        resourceType: "referral_payout_account",
        resourceId: userId,
        newData: { bankCode: input.bankCode, accountLast4: input.accountNumber.slice(-4), verified: check.verified },
      });
      const refusedReferrals = await refuseSelfReferralsByBankAccount(tx, userId);
      return succeed({ accountName, verified: check.verified, refusedReferrals });
    });
  });
}
