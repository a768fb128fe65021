import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { investmentReference, nextInvestmentStatus, type TInvestmentStatus } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import type { TJob } from "../jobs/scheduler";
import { notifyUser } from "../notifications/notify-user";
import { investments, investors } from "./schema";

// Maturity and redemption (docs/product/investments.md#redemption): an active investment matures on its date; its
// investor asks for the principal back (or earlier, after the lock-up, where the tier allows it); staff pay it to the
// investor's bank and record the transfer's reference. Each move follows nextInvestmentStatus.

/** Moves every active investment whose maturity date has come to matured, and tells its investor. */
export async function matureDueInvestments(now = new Date()): Promise<number> {
  return getDb().transaction(async (tx) => {
    const due = await tx
      .update(investments)
      .set({ status: "matured" })
      .where(and(eq(investments.status, "active"), isNotNull(investments.maturesAt), lte(investments.maturesAt, now)))
      .returning();
    for (const i of due)
      await notifyUser(tx, {
        userId: i.userId,
        type: "investment",
        title: `Your ${i.terms.tierName} investment has matured`,
        message: `${formatKobo(i.principalKobo)} (${investmentReference(i.id, i.placedAt)}). Ask for your principal back from your dashboard.`,
        link: "/investor-dashboard",
        emailCopy: true,
        metadata: {
          amount: i.principalKobo,
          tier: i.terms.tierName,
          expectedROI: i.terms.expectedReturnBasisPoints / 100,
          totalReturn: null,
        },
      });
    return due.length;
  });
}

export const investmentMaturityJob: TJob = {
  name: "investment-maturity",
  label: "Mature investments",
  description: "Marks investments whose maturity date has come as matured and tells their investors they can ask for their principal.",
  periodSeconds: 3600,
  async run() {
    await matureDueInvestments();
  },
};

/** The investor asks for an investment's principal back; answered with what happens next. Asking twice changes nothing. */
export async function requestRedemption(
  viewer: TViewer,
  investmentId: number,
  now = new Date(),
): Promise<TResult<{ reference: string; early: boolean }>> {
  return getDb().transaction(async (tx) => {
    const [i] = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.id, investmentId), eq(investments.userId, viewer.id)))
      .for("update");
    if (!i) return refuse("not_found", "That investment does not exist.");
    const reference = investmentReference(i.id, i.placedAt);
    if (i.redemptionRequestedAt) return refuse("conflict", "You have already asked for this principal back: our team is paying it.");
    const status = i.status as TInvestmentStatus;
    const early = status === "active";
    const move = early ? "redeem_early" : "redeem";
    const allowed = nextInvestmentStatus(status, move, {
      now,
      lockUpEndsAt: i.lockUpEndsAt ?? now,
      earlyRedemptionAllowed: i.terms.earlyRedemption,
    });
    if (!allowed)
      return refuse(
        "conflict",
        status === "active"
          ? i.terms.earlyRedemption
            ? "This investment is still in its lock-up: you can ask for it back once the lock-up ends."
            : "This tier does not allow early redemption: you can ask for your principal back when it matures."
          : "This investment cannot be redeemed.",
      );
    await tx.update(investments).set({ redemptionRequestedAt: now }).where(eq(investments.id, i.id));
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "investments.redemption.request",
      resourceType: "investment",
      resourceId: String(i.id),
      newData: { reference, early },
    });
    return succeed({ reference, early });
  });
}

/** Staff record that the principal was paid back, with the bank's reference: the investment ends as redeemed, once. */
export async function payRedemption(
  staff: TViewer,
  input: { investmentId: number; reference: string },
): Promise<TResult<{ reference: string }>> {
  return getDb().transaction(async (tx) => {
    const [i] = await tx.select().from(investments).where(eq(investments.id, input.investmentId)).for("update");
    if (!i || !i.redemptionRequestedAt) return refuse("not_found", "No redemption was asked for that investment.");
    if (i.status === "redeemed") return refuse("conflict", "This principal has already been paid back.");
    // Asked for when it was allowed (requestRedemption checked the move): active after the lock-up, or matured.
    if (i.status !== "active" && i.status !== "matured") return refuse("conflict", "This investment cannot be redeemed.");
    const reference = investmentReference(i.id, i.placedAt);
    const now = new Date();
    await tx
      .update(investments)
      .set({ status: "redeemed", endedAt: now, redemptionReference: input.reference, redeemedBy: staff.id })
      .where(eq(investments.id, i.id));
    await notifyUser(tx, {
      userId: i.userId,
      type: "investment",
      title: `Your ${i.terms.tierName} principal is on its way`,
      message: `${formatKobo(i.principalKobo)} (${reference}) was sent to your bank account, reference ${input.reference}.`,
      link: "/investor-dashboard",
      emailCopy: true,
      metadata: {
        amount: i.principalKobo,
        tier: i.terms.tierName,
        expectedROI: i.terms.expectedReturnBasisPoints / 100,
        totalReturn: null,
      },
    });
    await recordAudit(tx, {
      actorId: staff.id,
      action: "investments.redemption.paid",
      resourceType: "investment",
      resourceId: String(i.id),
      oldData: { status: i.status },
      newData: { status: "redeemed", reference: input.reference },
    });
    return succeed({ reference });
  });
}

/** Redemptions asked for and not yet paid, oldest first, with the investor's checked bank account to pay. */
export async function listRedemptionsToPay() {
  const rows = await getDb()
    .select({ investment: investments, investor: investors })
    .from(investments)
    .innerJoin(investors, eq(investors.userId, investments.userId))
    .where(and(isNotNull(investments.redemptionRequestedAt), inArray(investments.status, ["active", "matured"])))
    .orderBy(investments.redemptionRequestedAt);
  return rows.map(({ investment: i, investor }) => ({
    id: i.id,
    reference: investmentReference(i.id, i.placedAt),
    legalName: investor.legalName,
    bank: { bankCode: investor.bankCode, accountNumber: investor.accountNumber, accountName: investor.accountName },
    tierName: i.terms.tierName,
    principalKobo: i.principalKobo,
    status: i.status as TInvestmentStatus,
    requestedAt: i.redemptionRequestedAt!,
  }));
}
