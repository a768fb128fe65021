import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTier, investThroughCheckout, makeInvestor } from "../../tests/support/investment-fixtures";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { env } from "../env";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { listRedemptionsToPay, matureDueInvestments, payRedemption, requestRedemption } from "./redemptions";
import { forgetInvestor, investmentErasureHolds } from "./forget-investor";
import { investments, investorApplications, investors } from "./schema";

// Maturity and redemption (docs/product/investments.md#redemption).

useTestDatabase();

async function activeInvestment(tierOver: Record<string, string>) {
  const admin = await makeUser("admin", "Adaeze Okonkwo");
  const tierId = await createTier(admin, tierOver);
  const investor = await makeInvestor("Ngozi Eze", "over_60m");
  const { order } = orFail(await investThroughCheckout(investor, tierId, 20_000_000));
  orFail(
    await confirmOfflinePayment({
      orderId: order.id,
      reference: `GTB-${Math.random().toString(36).slice(2, 9)}`,
      staff: await makeUser("staff", "Funmilayo Adebayo"),
    }),
  );
  const [investment] = await getDb().select().from(investments).where(eq(investments.orderId, order.id));
  return { investor, investment: investment! };
}

describe("redemption", () => {
  it("matures on its date; the investor asks once; staff pay it back once with the bank reference", async () => {
    const { investor, investment } = await activeInvestment({ tenorMonths: "6", lockupMonths: "0", earlyRedemption: "" });
    const early = await requestRedemption(investor, investment.id);
    expect(early).toMatchObject({ ok: false, error: { message: expect.stringContaining("does not allow early redemption") } });

    expect(await matureDueInvestments(new Date(investment.maturesAt!.getTime() - 60_000))).toBe(0);
    expect(await matureDueInvestments(new Date(investment.maturesAt!.getTime() + 60_000))).toBeGreaterThanOrEqual(1);
    const other = await makeUser("customer", "Bola Ahmed");
    expect(await requestRedemption(other, investment.id)).toMatchObject({ ok: false, error: { code: "not_found" } });
    orFail(await requestRedemption(investor, investment.id));
    expect((await requestRedemption(investor, investment.id)).ok).toBe(false);
    expect((await listRedemptionsToPay()).map((r) => r.id)).toContain(investment.id);

    const staff = await makeUser("staff", "Tunde Bakare");
    orFail(await payRedemption(staff, { investmentId: investment.id, reference: "ZEN-RED-5510" }));
    expect(await payRedemption(staff, { investmentId: investment.id, reference: "ZEN-RED-5510" })).toMatchObject({ ok: false });
    const [done] = await getDb().select().from(investments).where(eq(investments.id, investment.id));
    expect(done).toMatchObject({ status: "redeemed", redemptionReference: "ZEN-RED-5510" });
    expect((await listRedemptionsToPay()).map((r) => r.id)).not.toContain(investment.id);
  });

  it("early, only after the lock-up and where the tier allows it", async () => {
    const { investor, investment } = await activeInvestment({ tenorMonths: "12", lockupMonths: "3", earlyRedemption: "on" });
    expect(await requestRedemption(investor, investment.id)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("lock-up") },
    });
    const afterLockUp = new Date(investment.lockUpEndsAt!.getTime() + 60_000);
    expect(orFail(await requestRedemption(investor, investment.id, afterLockUp)).early).toBe(true);
  });

  it("an investment still held holds a deletion; once paid back, the investor is forgotten and their ID document removed", async () => {
    const { investor, investment } = await activeInvestment({ tenorMonths: "6", lockupMonths: "0", earlyRedemption: "on" });
    const holds = await investmentErasureHolds(getDb(), investor.id);
    expect(holds.map((h) => h.reason)).toEqual([expect.stringContaining("is still held: pay the principal back")]);

    orFail(await requestRedemption(investor, investment.id));
    orFail(await payRedemption(await makeUser("staff", "Tunde Bakare"), { investmentId: investment.id, reference: "ZEN-RED-7781" }));
    expect(await investmentErasureHolds(getDb(), investor.id)).toEqual([]);

    const [application] = await getDb().select().from(investorApplications).where(eq(investorApplications.userId, investor.id));
    const files = () => readdir(join(env.DATA_DIR, "investments", "ids")).catch(() => [] as string[]);
    expect(await files()).toContain(application!.idDocumentPath);
    const forgotten = await getDb().transaction((tx) =>
      forgetInvestor(tx, {
        userId: investor.id,
        email: investor.email,
        names: [investor.name],
        phones: [],
        erasedEmail: "erased@example.ng",
      }),
    );
    await forgotten.afterCommit?.();
    expect(await files()).not.toContain(application!.idDocumentPath);
    expect(await getDb().select().from(investorApplications).where(eq(investorApplications.userId, investor.id))).toEqual([]);
    const [kept] = await getDb().select().from(investors).where(eq(investors.userId, investor.id));
    expect(kept).toMatchObject({ legalName: "Deleted investor", idNumber: "", accountNumber: "6789" });
    const [register] = await getDb().select().from(investments).where(eq(investments.id, investment.id));
    expect(register).toMatchObject({ status: "redeemed", principalKobo: 20_000_000 });
  });
});
