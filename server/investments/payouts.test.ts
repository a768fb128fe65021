import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ZDistributionDeclaration, ZReinvestChoice } from "@domain/investments/investment-input";
import { lagosToday } from "@domain/time/lagos-time";
import { createTier, investmentHeldSince } from "../../tests/support/investment-fixtures";
import { transferWebhook as transferWebhookOf, useFakePaystack } from "../../tests/support/fake-paystack";
import { watchLog } from "../../tests/support/log-lines";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import type { TViewer } from "@domain/access/roles";
import { getDb } from "../db/client";
import { env } from "../env";
import { notifications } from "../notifications/schema";
import { auditLog } from "../audit/schema";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { chooseReinvestment } from "./choose-reinvestment";
import { declareDistribution } from "./declare-distribution";
import { decideDistribution } from "./decide-distribution";
import { getInvestorDashboard } from "./get-investor-dashboard";
import { getInvestorStatement } from "./get-investor-statement";
import { listDistributions } from "./list-distributions";
import { markDistributionPaid } from "./mark-distribution-paid";
import { listRedemptionsToPay, matureDueInvestments, payRedemption, requestRedemption } from "./redemptions";
import { distributionPayments, investments } from "./schema";
import { checkRedemptionTransfer, sendDistributionTransfers, sendRedemptionTransfer } from "./send-investment-transfers";

// Paying investors (docs/product/investments.md#payouts) through Paystack's transfers, and distributions reinvested
// where the investor chose so (#reinvesting).

useTestDatabase();
const paystack = useFakePaystack({ PAYSTACK_TRANSFERS: true });
afterAll(() => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TRANSFERS: false });
});

const TODAY = "2026-11-28";
const transferWebhook = async (reference: string) => {
  const webhook = await transferWebhookOf(paystack, reference);
  return handlePaymentWebhook("paystack", webhook.body, new Headers(webhook.headers));
};

/** An investor holding the tier since a Lagos day, paid into the bank account given. */
const heldSince = (tierId: number, name: string, principalKobo: number, since: string, accountNumber = "0123456789") =>
  investmentHeldSince(tierId, name, principalKobo, since, { accountNumber });

async function approved(declarer: TViewer, approver: TViewer, tierId: number, from: string, to: string, pool: string) {
  const input = ZDistributionDeclaration.parse({ tierId: String(tierId), from, to, basis: "pool", pool });
  const { declarationId } = orFail(await declareDistribution(declarer, input, TODAY));
  orFail(await decideDistribution(approver, { declarationId, decision: "approve", reason: null }));
  return declarationId;
}

const sharesOf = (declarationId: number) =>
  getDb().select().from(distributionPayments).where(eq(distributionPayments.declarationId, declarationId)).orderBy(distributionPayments.id);
const choose = (viewer: TViewer, investmentId: number, reinvest: "yes" | "no") =>
  chooseReinvestment(viewer, ZReinvestChoice.parse({ investmentId: String(investmentId), reinvest }));

describe("reinvesting", () => {
  it("adds the investor's share to the investment, which then earns on it from the next period, and is paid back with the principal", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const approver = await makeUser("admin", "Olumide Bankole");
    const tierId = await createTier(declarer, { max: "10,000,000", tenorMonths: "24" });
    const chioma = await heldSince(tierId, "Chioma Nwankwo", 100_000_000, "2026-03-20");
    const bayo = await heldSince(tierId, "Bayo Adekunle", 100_000_000, "2026-03-20");

    expect(await choose(chioma.investor, chioma.investment.id, "yes")).toMatchObject({ ok: true, reinvest: true, changed: true });
    expect(await choose(chioma.investor, chioma.investment.id, "yes")).toMatchObject({ ok: true, changed: false });
    expect(await choose(bayo.investor, chioma.investment.id, "no")).toMatchObject({ ok: false, error: { code: "not_found" } });

    // Q2: ₦100,000 shared equally, ₦50,000 each, ₦45,000 after 10% withholding. Chioma's is reinvested, Bayo's is owed.
    const q2 = await approved(declarer, approver, tierId, "2026-04-01", "2026-06-30", "100,000");
    expect((await sharesOf(q2)).map((s) => [s.userId, s.status, s.netKobo])).toEqual([
      [chioma.investor.id, "reinvested", 4_500_000],
      [bayo.investor.id, "scheduled", 4_500_000],
    ]);
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, chioma.investor.id));
    expect(told.find((n) => n.title.startsWith("A distribution"))?.message).toContain("It is added to your investment, as you chose.");

    // Q3: ₦300,000 by principal × days; Chioma now earns on ₦1,045,000 against Bayo's ₦1,000,000 for the same 91 days:
    // 30,000,000 × 104.5 / 204.5 = 15,330,073.3 kobo and 14,669,926.6, floored, one kobo left over.
    const q3 = await approved(declarer, approver, tierId, "2026-07-01", "2026-09-29", "300,000");
    expect((await sharesOf(q3)).map((s) => s.grossKobo)).toEqual([15_330_073, 14_669_926]);
    expect((await listDistributions()).find((d) => d.id === q3)).toMatchObject({ remainderKobo: 1, reinvested: 1, scheduled: 1 });

    const dashboard = await getInvestorDashboard(chioma.investor.id);
    const reinvestedKobo = 4_500_000 + 15_330_073 - 1_533_007;
    expect(dashboard.investments[0]).toMatchObject({ reinvest: true, reinvestedKobo });
    expect(dashboard.principalKobo).toBe(100_000_000 + reinvestedKobo);
    // A reinvested share is received when the distribution is approved: its year's statement holds it (the suite runs
    // on any day, so that year is read off the share, not assumed).
    const [reinvestedShare] = (await sharesOf(q2)).filter((sh) => sh.status === "reinvested");
    const receivedYear = Number(lagosToday(reinvestedShare!.paidAt!).slice(0, 4));
    const { statement } = orFail(await getInvestorStatement(chioma.investor.id, receivedYear));
    expect(statement.totals).toMatchObject({ netKobo: reinvestedKobo, reinvestedKobo });

    // Asked back early (after the lock-up): the choice can no longer change, and the principal comes back with what was reinvested.
    await getDb()
      .update(investments)
      .set({ lockUpEndsAt: new Date("2026-10-01") })
      .where(eq(investments.id, chioma.investment.id));
    orFail(await requestRedemption(chioma.investor, chioma.investment.id));
    expect(await choose(chioma.investor, chioma.investment.id, "no")).toMatchObject({ ok: false, error: { code: "conflict" } });
    expect((await listRedemptionsToPay()).find((r) => r.id === chioma.investment.id)).toMatchObject({
      principalKobo: 100_000_000,
      amountKobo: 100_000_000 + reinvestedKobo,
    });
    orFail(await payRedemption(approver, { investmentId: chioma.investment.id, reference: "ZEN-RED-7781" }));
    const [done] = await getDb().select().from(investments).where(eq(investments.id, chioma.investment.id));
    expect(done).toMatchObject({ status: "redeemed", redemptionKobo: 100_000_000 + reinvestedKobo });
  });
});

describe("paying through Paystack", () => {
  it("sends a distribution's shares once however many admins click, pays each by its webhook once, and puts a refused one back to pay", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const approver = await makeUser("admin", "Olumide Bankole");
    const tierId = await createTier(declarer, { max: "10,000,000" });
    const kemi = await heldSince(tierId, "Kemi Adeyemi", 100_000_000, "2026-06-01", "0123451234");
    // The fake bank refuses accounts ending 9999.
    const refused = await heldSince(tierId, "Sola Ogunleye", 100_000_000, "2026-06-01", "0123459999");
    const id = await approved(declarer, approver, tierId, "2026-07-01", "2026-09-29", "200,000");

    const sent = await Promise.all([sendDistributionTransfers(approver, id), sendDistributionTransfers(declarer, id)]);
    expect(sent.filter((s) => s.ok)).toEqual([expect.objectContaining({ sent: 2 })]);
    expect(sent.find((s) => !s.ok)).toMatchObject({ error: { status: 409 } });
    // On their way, they cannot be marked paid by hand.
    expect(await markDistributionPaid(approver, { declarationId: id, reference: "ZEN-DIST-1" })).toMatchObject({ ok: false });

    const [kemiShare, refusedShare] = await sharesOf(id);
    expect(kemiShare).toMatchObject({
      status: "sending",
      transferReference: `zavolah-investment-share-${String(kemiShare!.id).padStart(6, "0")}-1`,
    });
    expect(await transferWebhook(kemiShare!.transferReference!)).toMatchObject({ body: { outcome: "transfer paid" } });
    expect(await transferWebhook(kemiShare!.transferReference!)).toMatchObject({ body: { outcome: "duplicate" } });
    expect(await transferWebhook(refusedShare!.transferReference!)).toMatchObject({ body: { outcome: "transfer failed" } });
    expect(paystack.state.transfers.filter((t) => t.reference === kemiShare!.transferReference)).toMatchObject([{ amountKobo: 9_000_000 }]);

    const [paid, back] = await sharesOf(id);
    expect(paid).toMatchObject({ status: "paid", reference: expect.stringMatching(/^TRF_/), netKobo: 9_000_000 });
    expect(back).toMatchObject({
      status: "scheduled",
      transferReference: null,
      transferNote: expect.stringContaining("could not complete"),
    });
    expect((await listDistributions()).find((d) => d.id === id)).toMatchObject({
      scheduled: 1,
      sending: 0,
      transferNotes: [expect.stringContaining("could not complete")],
    });

    // Sent again, it is a new transfer to Paystack; then paid by hand, once.
    expect(await sendDistributionTransfers(approver, id)).toMatchObject({ ok: true, sent: 1 });
    const [, again] = await sharesOf(id);
    expect(again!.transferReference).toMatch(/-2$/);
    expect(await transferWebhook(again!.transferReference!)).toMatchObject({ body: { outcome: "transfer failed" } });
    orFail(await markDistributionPaid(approver, { declarationId: id, reference: "ZEN-DIST-2207" }));
    expect((await sharesOf(id)).map((s) => s.status)).toEqual(["paid", "paid"]);
    expect(refused.investor.id).not.toBe(kemi.investor.id);
  });

  it("sends a principal asked back once, ends the investment by the webhook, and a refused transfer leaves it asked for", async () => {
    const admin = await makeUser("admin", "Adaeze Okonkwo");
    const tierId = await createTier(admin, { tenorMonths: "6", lockupMonths: "0", earlyRedemption: "" });
    const { investor, investment } = await heldSince(tierId, "Tobi Adebayo", 50_000_000, "2026-05-01", "0123455678");
    await matureDueInvestments(new Date(investment.maturesAt!.getTime() + 60_000));
    orFail(await requestRedemption(investor, investment.id));

    const sent = await Promise.all([sendRedemptionTransfer(admin, investment.id), sendRedemptionTransfer(admin, investment.id)]);
    expect(sent.filter((s) => s.ok)).toEqual([expect.objectContaining({ amountKobo: 50_000_000, status: "sending" })]);
    expect(await payRedemption(admin, { investmentId: investment.id, reference: "ZEN-RED-1" })).toMatchObject({
      ok: false,
      error: { message: "This principal is already on its way through Paystack." },
    });
    const [sending] = await getDb().select().from(investments).where(eq(investments.id, investment.id));
    expect(await transferWebhook(sending!.redemptionTransferReference!)).toMatchObject({ body: { outcome: "transfer paid" } });
    const [done] = await getDb().select().from(investments).where(eq(investments.id, investment.id));
    expect(done).toMatchObject({ status: "redeemed", redemptionKobo: 50_000_000, redemptionReference: expect.stringMatching(/^TRF_/) });
    expect(await checkRedemptionTransfer(investment.id)).toMatchObject({ ok: true, status: "paid" });
    const titles = (await getDb().select().from(notifications).where(eq(notifications.userId, investor.id))).map((n) => n.title);
    expect(titles.filter((t) => t.includes("principal is on its way"))).toHaveLength(1);

    const other = await heldSince(tierId, "Ifeoma Chukwu", 50_000_000, "2026-05-01", "0123459999");
    await matureDueInvestments(new Date(other.investment.maturesAt!.getTime() + 60_000));
    orFail(await requestRedemption(other.investor, other.investment.id));
    orFail(await sendRedemptionTransfer(admin, other.investment.id));
    const [otherSending] = await getDb().select().from(investments).where(eq(investments.id, other.investment.id));
    expect(await transferWebhook(otherSending!.redemptionTransferReference!)).toMatchObject({ body: { outcome: "transfer failed" } });
    expect((await listRedemptionsToPay()).find((r) => r.id === other.investment.id)).toMatchObject({
      sending: false,
      transferNote: expect.stringContaining("could not complete"),
    });
    orFail(await payRedemption(admin, { investmentId: other.investment.id, reference: "ZEN-RED-2" }));
  });

  it("never pays a principal twice: a refund is refused once it is asked back, and a transfer landing after a refund moves nothing", async () => {
    const admin = await makeUser("admin", "Adaeze Okonkwo");
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    const tierId = await createTier(admin, { tenorMonths: "12", lockupMonths: "0", earlyRedemption: "on" });
    const { investor, investment } = await heldSince(tierId, "Musa Ibrahim", 50_000_000, "2026-05-01", "0123451111");
    orFail(await requestRedemption(investor, investment.id));
    orFail(await sendRedemptionTransfer(admin, investment.id));
    const refused = await refundOrderPayment({ orderId: investment.orderId, staff, reason: "Customer changed their mind" });
    expect(refused).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("has been asked back: pay it through redemption") },
    });
    const [sending] = await getDb().select().from(investments).where(eq(investments.id, investment.id));
    expect(sending).toMatchObject({ status: "active" });

    // Refunded by another way while the transfer was on its way (as before this rule): its success changes nothing.
    await getDb().update(investments).set({ status: "cancelled" }).where(eq(investments.id, investment.id));
    const log = watchLog();
    expect(await transferWebhook(sending!.redemptionTransferReference!)).toMatchObject({ status: 200 });
    log.expectLogged("a principal transfer succeeded for an investment no longer held", { level: "error", investmentId: investment.id });
    const [after] = await getDb().select().from(investments).where(eq(investments.id, investment.id));
    expect(after).toMatchObject({ status: "cancelled", redemptionReference: null });
    const flagged = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, String(investment.id)));
    expect(flagged.map((a) => a.action)).toContain("investments.redemption.transfer_after_end");
  });
});
