import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { investmentReference, nextInvestmentStatus, type TInvestmentStatus } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import { recordAudit } from "../audit/record-audit";
import { getDb, type Tx } from "../db/client";
import type { TJob } from "../jobs/scheduler";
import { notifyUser } from "../notifications/notify-user";
import { reinvestedKoboByInvestment } from "./reinvested-kobo";
import { investments, investors } from "./schema";

// Maturity and redemption (docs/product/investments.md#redemption): an active investment matures on its date; its
// investor asks for the principal back (or earlier, after the lock-up, where the tier allows it); staff pay it to the
// investor's bank, through the provider's transfers or by hand with the bank's reference. Each move follows
// nextInvestmentStatus.

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

/**
 * Ends a redemption once its money has reached the investor (recorded by staff, or the provider's transfer succeeded):
 * the investment is redeemed with the amount paid back and the bank's reference; its investor is told. The caller
 * holds the investment's row lock and has checked it may end.
 */
export async function closeRedemption(
  tx: Tx,
  i: typeof investments.$inferSelect,
  paid: { amountKobo: number; bankReference: string; by: string | null; actorLabel?: string },
) {
  const reference = investmentReference(i.id, i.placedAt);
  await tx
    .update(investments)
    .set({
      status: "redeemed",
      endedAt: new Date(),
      redemptionReference: paid.bankReference,
      redemptionKobo: paid.amountKobo,
      redeemedBy: paid.by,
      redemptionTransferNote: null,
    })
    .where(eq(investments.id, i.id));
  await notifyUser(tx, {
    userId: i.userId,
    type: "investment",
    title: `Your ${i.terms.tierName} principal is on its way`,
    message: `${formatKobo(paid.amountKobo)} (${reference}) was sent to your bank account, reference ${paid.bankReference}.`,
    link: "/investor-dashboard",
    emailCopy: true,
    metadata: {
      amount: paid.amountKobo,
      tier: i.terms.tierName,
      expectedROI: i.terms.expectedReturnBasisPoints / 100,
      totalReturn: null,
    },
  });
  await recordAudit(tx, {
    actorId: paid.by,
    action: "investments.redemption.paid",
    resourceType: "investment",
    resourceId: String(i.id),
    oldData: { status: i.status },
    newData: { status: "redeemed", reference: paid.bankReference, amountKobo: paid.amountKobo, by: paid.actorLabel },
  });
}

/** What a redemption pays back: the principal and every distribution reinvested in it (investments.md#reinvesting). */
export async function redemptionAmountKobo(tx: Tx, i: typeof investments.$inferSelect): Promise<number> {
  const reinvested = await reinvestedKoboByInvestment(tx, [i.id]);
  return i.principalKobo + (reinvested.get(i.id) ?? 0);
}

/**
 * Whether a redemption may be paid now: asked for, not paid, not on its way through the provider, and asked when it
 * was allowed (requestRedemption checked the move: active after the lock-up, or matured).
 */
export function redemptionPayable(i: typeof investments.$inferSelect | undefined): TResult<object> {
  if (!i || !i.redemptionRequestedAt) return refuse("not_found", "No redemption was asked for that investment.");
  if (i.status === "redeemed") return refuse("conflict", "This principal has already been paid back.");
  if (i.redemptionTransferReference) return refuse("conflict", "This principal is already on its way through Paystack.");
  if (i.status !== "active" && i.status !== "matured") return refuse("conflict", "This investment cannot be redeemed.");
  return succeed({});
}

/** Staff record that the principal was paid back by hand, with the bank's reference: the investment ends as redeemed, once. */
export async function payRedemption(
  staff: TViewer,
  input: { investmentId: number; reference: string },
): Promise<TResult<{ reference: string }>> {
  return getDb().transaction(async (tx) => {
    const [i] = await tx.select().from(investments).where(eq(investments.id, input.investmentId)).for("update");
    const payable = redemptionPayable(i);
    if (!payable.ok) return payable;
    await closeRedemption(tx, i!, { amountKobo: await redemptionAmountKobo(tx, i!), bankReference: input.reference, by: staff.id });
    return succeed({ reference: investmentReference(i!.id, i!.placedAt) });
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
  const reinvested = await reinvestedKoboByInvestment(
    getDb(),
    rows.map((r) => r.investment.id),
  );
  return rows.map(({ investment: i, investor }) => ({
    id: i.id,
    reference: investmentReference(i.id, i.placedAt),
    legalName: investor.legalName,
    bank: { bankCode: investor.bankCode, accountNumber: investor.accountNumber, accountName: investor.accountName },
    tierName: i.terms.tierName,
    principalKobo: i.principalKobo,
    amountKobo: i.principalKobo + (reinvested.get(i.id) ?? 0),
    status: i.status as TInvestmentStatus,
    requestedAt: i.redemptionRequestedAt!,
    sending: i.redemptionTransferReference !== null,
    transferNote: i.redemptionTransferNote,
  }));
}
