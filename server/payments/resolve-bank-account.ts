import { z } from "zod";
import { env } from "../env";
import { log } from "../log";
import { callProvider } from "./providers/payment-provider";
import { ProviderCallError } from "./provider-call-error";

// Checking a payout account with the payment provider (docs/product/marketplace.md#payout-accounts): Paystack's
// GET /bank/resolve?account_number=&bank_code= answers the name the bank holds for the account.

const ZResolved = z.object({
  status: z.literal(true),
  data: z.object({ account_number: z.string(), account_name: z.string().min(1) }),
});

export type TBankAccountCheck =
  | { status: "resolved"; accountName: string }
  /** The provider answered that no such account exists at that bank. */
  | { status: "unknown_account" }
  /** No provider is configured, or it could not be asked: the account stays unchecked. */
  | { status: "unchecked"; reason: string };

export async function resolveBankAccount(account: { bankCode: string; accountNumber: string }): Promise<TBankAccountCheck> {
  if (!env.PAYSTACK_SECRET_KEY) return { status: "unchecked", reason: "no payment provider is configured" };
  const query = new URLSearchParams({ account_number: account.accountNumber, bank_code: account.bankCode });
  try {
    const answer = await callProvider(
      "paystack",
      { secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL },
      { method: "GET", path: `/bank/resolve?${query}` },
      ZResolved,
    );
    return { status: "resolved", accountName: answer.data.account_name.trim() };
  } catch (error) {
    // Paystack answers 422 (or 400) "Could not resolve account name" for an account that does not exist.
    if (error instanceof ProviderCallError && (error.httpStatus === 422 || error.httpStatus === 400)) return { status: "unknown_account" };
    log.warn({ err: error }, "bank account resolve failed");
    return { status: "unchecked", reason: "the payment provider could not be reached" };
  }
}
