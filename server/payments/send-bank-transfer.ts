import { log } from "../log";
import { ProviderCallError } from "./provider-call-error";
import type { findTransferProvider } from "./providers/get-payment-provider";
import type { TProviderTransfer } from "./providers/payment-provider";

type TTransferProvider = NonNullable<ReturnType<typeof findTransferProvider>>;

export type TBankTransferOutcome<S> =
  /** The provider took it: `status` is what applying its answer made of the payout (null: nothing to apply it to). */
  | { sent: true; status: S | null; message: string | null }
  /** The call failed: `status` is what the provider says was made after all, asked again; `why` its words. */
  | { sent: false; status: S | null; why: string };

/**
 * Pays a payout already claimed by its owner ("sending", with our reference) through the provider's transfer API
 * (docs/product/marketplace.md#payouts, docs/product/refer-and-earn.md#payouts): makes the account's recipient the first
 * time (the caller keeps it), sends under our reference (the provider refuses a second transfer of it) and applies the
 * answer. When the call fails, whether the transfer was made is asked of the provider itself and that is applied, so
 * an unclear answer never leaves money sent twice or a payout stuck.
 */
export async function sendBankTransfer<S>(
  provider: TTransferProvider,
  input: {
    recipientCode: string | null;
    saveRecipientCode: (code: string) => Promise<void>;
    account: { name: string; accountNumber: string; bankCode: string };
    amountKobo: number;
    reference: string;
    reason: string;
    apply: (transfer: TProviderTransfer | null) => Promise<S | null>;
  },
): Promise<TBankTransferOutcome<S>> {
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
    return { sent: true, status: await input.apply(transfer), message: transfer.message };
  } catch (error) {
    log.warn({ err: error, reference: input.reference }, "payout transfer call failed");
    const status = await provider.transfers
      .verify(input.reference)
      .then(input.apply)
      .catch(() => null);
    const why = error instanceof ProviderCallError ? error.message.replace(/^paystack: /, "") : "no answer";
    return { sent: false, status, why };
  }
}
