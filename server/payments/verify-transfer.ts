import type { TPayoutStatus } from "@domain/marketplace/earnings";
import type { TPayee } from "./payee";
import { findTransferProvider } from "./providers/get-payment-provider";

/**
 * Asks the provider how one of our transfers went and lets its payee apply the answer (a webhook, which is never
 * trusted from its body, or an admin's "Check with Paystack"). Null when transfers are not switched on here, or the
 * payee has no transfer of that reference.
 */
export async function verifyTransfer(
  payee: Pick<TPayee, "applyTransfer">,
  reference: string,
  actorLabel: string,
): Promise<TPayoutStatus | null> {
  const provider = findTransferProvider();
  if (!provider) return null;
  return payee.applyTransfer(reference, await provider.transfers.verify(reference), actorLabel);
}

/** Whether admins may pay through the provider's transfer API (PAYSTACK_TRANSFERS), besides recording a manual transfer. */
export const transfersAvailable = () => findTransferProvider() !== null;
