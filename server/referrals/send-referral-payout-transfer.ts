import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { succeed } from "@domain/errors/app-error";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { checkPayoutRequestTransfer, sendPayoutRequestTransfer, type TPayoutRequests } from "../payments/payout-request-transfer";
import { declinePayoutOfRefusedReferrals, recheckSelfReferrals } from "./decline-payout-of-refused-referrals";
import { referralPayoutAccounts, referralPayouts } from "./schema";
import { REFERRAL_TRANSFER_PREFIX, referralPayoutRows } from "./sync-referral-payout-transfer";

/** A referrer's bank payouts, paid through the provider's transfer API as sellers' are (docs/product/refer-and-earn.md#payouts). */
const referralPayoutRequests: TPayoutRequests<typeof referralPayouts.$inferSelect> = {
  ...referralPayoutRows,
  referencePrefix: REFERRAL_TRANSFER_PREFIX,
  payee: "referrer",
  reason: "Zavolah Refer & Earn payout",
  recheck: recheckSelfReferrals,
  lock: async (tx, payoutId) => {
    const [payout] = await tx.select().from(referralPayouts).where(eq(referralPayouts.id, payoutId)).for("update");
    return payout?.destination === "bank" ? payout : undefined;
  },
  recipient: async (tx, payout, adminId) => {
    const declined = await declinePayoutOfRefusedReferrals(tx, payout, adminId);
    if (declined) return declined;
    const [account] = await tx
      .select({ recipientCode: referralPayoutAccounts.transferRecipientCode, accountNumber: referralPayoutAccounts.accountNumber })
      .from(referralPayoutAccounts)
      .where(eq(referralPayoutAccounts.userId, payout.userId));
    const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, payout.userId));
    return succeed({
      payeeName: person?.name ?? "The referrer",
      account: { name: payout.accountName!, accountNumber: payout.accountNumber!, bankCode: payout.bankCode! },
      // The recipient made for the saved account serves only while the payout is to that same account.
      recipientCode: account?.accountNumber === payout.accountNumber ? account.recipientCode : null,
    });
  },
  markSending: async (tx, payout, reference, adminId) => {
    await tx
      .update(referralPayouts)
      .set({ status: "sending", transferReference: reference, decidedBy: adminId })
      .where(eq(referralPayouts.id, payout.id));
  },
  saveRecipientCode: async (payout, code) => {
    await getDb()
      .update(referralPayoutAccounts)
      .set({ transferRecipientCode: code })
      .where(eq(referralPayoutAccounts.userId, payout.userId));
  },
  findSent: async (payoutId) =>
    (
      await getDb()
        .select({ reference: referralPayouts.transferReference, amountKobo: referralPayouts.amountKobo, payeeName: users.name })
        .from(referralPayouts)
        .innerJoin(users, eq(users.id, referralPayouts.userId))
        .where(eq(referralPayouts.id, payoutId))
    )[0],
  checked: {},
};

/** An admin pays a referrer's bank payout by transfer: claimed first, so two clicks or two admins send once. */
export const sendReferralPayoutTransfer = (admin: TViewer, payoutId: number) =>
  sendPayoutRequestTransfer(referralPayoutRequests, admin, payoutId);
/** An admin asks the provider how a referral payout's transfer on its way went. */
export const checkReferralPayoutTransfer = (payoutId: number) => checkPayoutRequestTransfer(referralPayoutRequests, payoutId);
