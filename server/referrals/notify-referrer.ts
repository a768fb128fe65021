import { formatKobo } from "@domain/money/money";
import type { DbOrTx } from "../db/client";
import { notifyUser } from "../notifications/notify-user";

export type TReferrerEvent =
  | { event: "joined"; friendName: string }
  | { event: "earned"; amountKobo: number; holdDays: number }
  | { event: "approved"; amountKobo: number }
  | { event: "reversed"; amountKobo: number; reason?: string }
  | { event: "paid_out"; amountKobo: number; destination: "wallet" }
  | { event: "paid_out"; amountKobo: number; destination: "bank"; account: string; reference: string }
  | { event: "payout_returned"; amountKobo: number; reason: string };

function wording(e: TReferrerEvent): { title: string; message: string } {
  switch (e.event) {
    case "joined":
      return {
        title: "A friend joined with your link",
        message: `${e.friendName} joined Zavolah with your link. You earn when they pay for an order.`,
      };
    case "earned":
      return {
        title: "You earned a referral commission",
        message: `${formatKobo(e.amountKobo)} from a friend's order. It is held for ${e.holdDays} days after the order is delivered or paid, while it can still be refunded, then approved.`,
      };
    case "approved":
      return { title: "Referral commission approved", message: `${formatKobo(e.amountKobo)} is now in your Refer & Earn balance.` };
    case "reversed":
      return {
        title: "Referral commission reversed",
        message: `${formatKobo(e.amountKobo)} in commission was reversed: ${e.reason ?? "the order was refunded"}.`,
      };
    case "paid_out":
      return {
        title: "Referral earnings paid",
        message:
          e.destination === "wallet"
            ? `${formatKobo(e.amountKobo)} was paid into your ZavCharge wallet.`
            : `We sent ${formatKobo(e.amountKobo)} to ${e.account}, reference ${e.reference}.`,
      };
    case "payout_returned":
      return {
        title: "Your referral payout did not go through",
        message: `${formatKobo(e.amountKobo)} is back in your Refer & Earn balance: ${e.reason}`,
      };
  }
}

/**
 * Tells a referrer what happened to their referrals (docs/product/refer-and-earn.md#notifications), in the app and by
 * e-mail as their notification preferences allow, inside the transaction that made it happen.
 */
export async function notifyReferrer(tx: DbOrTx, referrerId: string, e: TReferrerEvent) {
  const { title, message } = wording(e);
  await notifyUser(tx, {
    userId: referrerId,
    type: "payment",
    title,
    message,
    link: "/refer-earn",
    emailCopy: true,
    metadata: { referral: e.event },
  });
}
