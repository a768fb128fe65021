import { and, eq, sql } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { parseThen, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZReferralReview } from "@domain/referrals/referral-input";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { referralCommissions, referrals } from "./schema";

/**
 * Staff decide a flagged referral (docs/product/refer-and-earn.md#fraud-checks). Approved, it becomes active and its
 * held commissions go on to approval when their window closes; refused, it earns nothing and its commissions not yet
 * approved are refused with the reason. Only a referral still flagged is decided, so two staff deciding at once get
 * one decision and a plain "already decided"; the decision and the reason are in the audit log.
 */
export async function reviewFlaggedReferral(
  staff: TViewer,
  fields: unknown,
): Promise<TResult<{ decision: "approve" | "refuse"; refusedKobo: number }>> {
  if (!hasRoleLevel(staff.role, "staff")) return refuse("forbidden", "Only staff can review referrals.");
  return parseThen(ZReferralReview, fields, ["reason"], (input) =>
    inTransaction(async (tx) => {
      const now = new Date();
      const [decided] = await tx
        .update(referrals)
        .set({
          status: input.decision === "approve" ? "active" : "refused",
          refusal: input.decision === "approve" ? null : "staff",
          reviewedBy: staff.id,
          reviewedAt: now,
          reviewNote: input.reason || null,
        })
        .where(and(eq(referrals.id, input.referralId), eq(referrals.status, "flagged")))
        .returning({ id: referrals.id, flag: referrals.flag });
      if (!decided) return refuse("conflict", "This referral is no longer waiting for a review: someone has decided it already.");
      let refusedKobo = 0;
      if (input.decision === "refuse") {
        const refused = await tx
          .update(referralCommissions)
          .set({ status: "refused", note: input.reason })
          .where(and(eq(referralCommissions.referralId, decided.id), eq(referralCommissions.status, "pending")))
          .returning({ amountKobo: referralCommissions.amountKobo });
        refusedKobo = refused.reduce((sum, c) => sum + c.amountKobo, 0);
      }
      await recordAudit(tx, {
        actorId: staff.id,
        action: input.decision === "approve" ? "referral.approve" : "referral.refuse",
        resourceType: "referral",
        resourceId: String(decided.id),
        oldData: { status: "flagged", flag: decided.flag },
        newData: { decision: input.decision, reason: input.reason || null, refusedKobo },
      });
      return succeed({ decision: input.decision, refusedKobo });
    }),
  );
}

/** For the review queue's heading and the admin page: how many wait. */
export async function countFlaggedReferrals(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(eq(referrals.status, "flagged"));
  return row?.n ?? 0;
}
