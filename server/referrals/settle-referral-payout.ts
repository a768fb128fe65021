import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TSettlePayout } from "@domain/marketplace/payout-input";
import { users } from "../auth/schema";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { closeReferralPayout } from "./close-referral-payout";
import { declinePayoutOfRefusedReferrals, recheckSelfReferrals } from "./decline-payout-of-refused-referrals";
import { referralPayouts } from "./schema";

/**
 * An admin settles a referrer's bank payout by hand (docs/product/refer-and-earn.md#payouts): paid, with the bank's
 * transfer reference, or declined with a reason (the amount goes back to the referrer's balance). Once only; audited;
 * the referrer hears.
 */
export async function settleReferralPayout(
  admin: TViewer,
  input: TSettlePayout,
): Promise<TResult<{ payeeName: string; amountKobo: number }>> {
  if (input.decision === "paid") await recheckSelfReferrals(input.payoutId);
  return getDb().transaction(async (tx) => {
    const [payout] = await tx.select().from(referralPayouts).where(eq(referralPayouts.id, input.payoutId)).for("update");
    if (!payout || payout.destination !== "bank") return refuse("not_found", "That payout request does not exist.");
    if (payout.status === "sending")
      return refuse("conflict", "This payout is on its way through Paystack: wait for its outcome, or check it with Paystack.");
    if (payout.status !== "requested") return refuse("conflict", "This payout has already been settled.");
    if (input.decision === "paid") {
      const declined = await declinePayoutOfRefusedReferrals(tx, payout, admin.id);
      if (declined) return declined;
    }
    await closeReferralPayout(
      tx,
      payout,
      input.decision === "paid"
        ? { status: "paid", bankReference: input.reference!, decidedBy: admin.id }
        : { status: "declined", note: input.note ?? "", decidedBy: admin.id },
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: `referral.payout.${input.decision}`,
      resourceType: "referral_payout",
      resourceId: String(payout.id),
      oldData: { status: payout.status, amountKobo: payout.amountKobo },
      newData: { status: input.decision, bankReference: input.reference ?? null, note: input.note ?? null },
    });
    const [person] = await tx.select({ name: users.name }).from(users).where(eq(users.id, payout.userId));
    return succeed({ payeeName: person?.name ?? "The referrer", amountKobo: payout.amountKobo });
  });
}
