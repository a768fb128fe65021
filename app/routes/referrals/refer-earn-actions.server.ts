import { formatKobo } from "@domain/money/money";
import { clientIp } from "@server/http/client-ip";
import { payOutReferralBalance } from "@server/referrals/pay-out-referral-balance";
import { saveReferralPayoutAccount } from "@server/referrals/save-referral-payout-account";
import { actionResponse, type TActionResponse } from "~/http/action-response.server";
import type { TPageIntent, TPageIntents } from "~/http/page-intents.server";

// Refer and earn's two forms (docs/product/refer-and-earn.md#the-page): saving the bank account payouts go to, or a
// payout of the balance the page showed (checked again by the server). Called from the page's action after requireUser.

export type TReferEarnContext = { request: Request; userId: string };

/** A payout of the balance the page showed; the payout form names no intent, so the page falls back to this one. */
export const payOutBalance: TPageIntent<TReferEarnContext, TActionResponse> = async (fields, { request, userId }) => {
  const result = await payOutReferralBalance(userId, fields);
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.destination === "wallet"
        ? { type: "success", title: "Paid into your ZavCharge wallet", description: `${formatKobo(r.amountKobo)} is in your wallet now.` }
        : {
            type: "success",
            title: "Payout to your bank requested",
            description: `We will send ${formatKobo(r.amountKobo)} to ${r.accountName}, usually within two working days. We tell you when it is sent.`,
          },
    failedTitle: "Payout not made",
  });
};

export const REFER_EARN_INTENTS: TPageIntents<TReferEarnContext, TActionResponse> = {
  "bank-account": async (fields, { request, userId }) => {
    const saved = await saveReferralPayoutAccount(userId, clientIp(request), fields);
    return actionResponse(request, fields, saved, {
      done: (r) => ({
        type: "success",
        title: "Bank account saved",
        description: r.verified
          ? `Payouts to your bank go to ${r.accountName}.`
          : `Payouts to your bank go to ${r.accountName}. We check the name before the first transfer.`,
      }),
      failedTitle: "Bank account not saved",
    });
  },
  payout: payOutBalance,
};
