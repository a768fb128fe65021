import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { log } from "../log";
import { ProviderCallError } from "./provider-call-error";
import type { findTransferProvider } from "./providers/get-payment-provider";
import type { TProviderTransfer } from "./providers/payment-provider";

type TTransferProvider = NonNullable<ReturnType<typeof findTransferProvider>>;

/**
 * Pays a payout already claimed by its owner ("sending", with our reference) through the provider's transfer API
 * (docs/product/marketplace.md#payouts, docs/product/refer-and-earn.md#payouts): makes the account's recipient the first
 * time (the caller keeps it), sends under our reference (the provider refuses a second transfer of it) and applies the
 * answer. When the call fails, whether the transfer was made is asked of the provider itself and that is applied, so
 * an unclear answer never leaves money sent twice or a payout stuck.
 */
export async function sendBankTransfer(
  provider: TTransferProvider,
  input: {
    /** What the admin reads when the money arrived at once ("The money is in the seller's account."). */
    paidMessage: string;
    recipientCode: string | null;
    saveRecipientCode: (code: string) => Promise<void>;
    account: { name: string; accountNumber: string; bankCode: string };
    amountKobo: number;
    reference: string;
    reason: string;
    apply: (transfer: TProviderTransfer | null) => Promise<TPayoutStatus | null>;
  },
): Promise<TResult<{ status: TPayoutStatus; message: string }>> {
  try {
    let recipientCode = input.recipientCode;
    if (!recipientCode) {
      recipientCode = await provider.transfers.createRecipient(input.account);
      await input.saveRecipientCode(recipientCode);
    }
    const transfer = await provider.transfers.send({
      recipientCode,
      amountKobo: input.amountKobo,
      reference: input.reference,
      reason: input.reason,
    });
    const status = (await input.apply(transfer)) ?? "sending";
    return succeed({
      status,
      message:
        status === "paid" ? input.paidMessage : (transfer.message ?? "Paystack is sending it; the page shows the outcome when it arrives."),
    });
  } catch (error) {
    log.warn({ err: error, reference: input.reference }, "payout transfer call failed");
    // Whether the transfer was made is asked of the provider itself: if it has none, the request waits again.
    const status = await provider.transfers
      .verify(input.reference)
      .then(input.apply)
      .catch(() => null);
    const why = error instanceof ProviderCallError ? error.message.replace(/^paystack: /, "") : "no answer";
    if (status === "requested")
      return refuse(
        "provider_failed",
        `Paystack did not take the transfer (${why}). The request is waiting again: try later or pay by hand.`,
      );
    return succeed({
      status: status ?? "sending",
      message: "Paystack did not answer clearly: the outcome will arrive from Paystack, or use Check with Paystack.",
    });
  }
}
