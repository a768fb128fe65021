import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TBankAccount } from "@domain/marketplace/seller-application-input";
import { bankName } from "@domain/nigeria/banks";
import { consumeBankAccountCheck, RateLimitedError } from "../auth/rate-limits";
import { resolveBankAccount } from "../payments/resolve-bank-account";

export type TPayoutAccountCheck = { accountName: string | null; verified: boolean };

/**
 * The name a bank holds for a payout account, for the applicant to confirm before sending the application
 * (docs/product/marketplace.md#payout-accounts). Rate limited per person and per IP. When no provider can be
 * asked, the answer says so and the applicant types the name.
 */
export async function checkPayoutAccount(userId: string, ip: string, account: TBankAccount): Promise<TResult<TPayoutAccountCheck>> {
  try {
    await consumeBankAccountCheck(userId, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const check = await resolveBankAccount(account);
  if (check.status === "unknown_account")
    return refuse(
      "invalid_input",
      `${bankName(account.bankCode)} does not know account ${account.accountNumber}. Check the number and the bank.`,
      {
        field: "accountNumber",
      },
    );
  return succeed(check.status === "resolved" ? { accountName: check.accountName, verified: true } : { accountName: null, verified: false });
}

/**
 * An application's payout account (to sell or to invest) as it is kept: the bank's name for it, or, when no provider
 * could be asked, the name the applicant typed, marked unchecked for staff (refused when they typed none).
 */
export async function checkApplicationPayoutAccount(
  userId: string,
  ip: string,
  input: TBankAccount & { accountName?: string | null },
): Promise<TResult<{ account: TBankAccount & { accountName: string; accountVerified: boolean } }>> {
  const check = await checkPayoutAccount(userId, ip, input);
  if (!check.ok) return check;
  if (!check.verified && !input.accountName)
    return refuse("invalid_input", "Enter the account name exactly as your bank shows it", { field: "accountName" });
  const accountName = check.accountName ?? input.accountName!;
  return succeed({
    account: { bankCode: input.bankCode, accountNumber: input.accountNumber, accountName, accountVerified: check.verified },
  });
}
