import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ZDistributionDeclaration } from "@domain/investments/investment-input";
import { createTier, investmentHeldSince } from "../../tests/support/investment-fixtures";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { notifications } from "../notifications/schema";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { declareDistribution } from "./declare-distribution";
import { decideDistribution } from "./decide-distribution";
import { listDistributions, listReceivedDistributions } from "./list-distributions";
import { investmentFigures } from "./list-investments";
import { markDistributionPaid } from "./mark-distribution-paid";
import { distributionPayments, investments } from "./schema";

// Distributions, declared by one admin and approved by another, shared pro rata (docs/product/investments.md#distributions).

useTestDatabase();

/** An investor holding the tier since a Lagos day (tests/support/investment-fixtures.ts). */
const heldSince = async (tierId: number, name: string, principalKobo: number, since: string) =>
  (await investmentHeldSince(tierId, name, principalKobo, since)).investor;

const declaration = (tierId: number, over: Record<string, string> = {}) =>
  ZDistributionDeclaration.parse({ tierId: String(tierId), from: "2026-07-01", to: "2026-09-29", basis: "pool", pool: "300,000", ...over });

describe("distributions", () => {
  it("needs a second admin, then shares a pool by principal and days, keeps the tax and the leftover kobo, and tells each investor", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const approver = await makeUser("admin", "Olumide Bankole");
    const tierId = await createTier(declarer, { max: "10,000,000" });
    // The period is 91 Lagos days (1 July to 29 September). One holds ₦2,000,000 all of it; the other ₦1,000,000 from
    // 16 August, 45 days. Weights 182,000,000 : 45,000,000 of ₦300,000 (30,000,000 kobo).
    const whole = await heldSince(tierId, "Yetunde Adewale", 200_000_000, "2026-06-20");
    const half = await heldSince(tierId, "Emeka Obi", 100_000_000, "2026-08-16");

    const declared = orFail(await declareDistribution(declarer, declaration(tierId), "2026-11-28"));
    const own = await decideDistribution(declarer, { declarationId: declared.declarationId, decision: "approve", reason: null });
    expect(own).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await getDb().select().from(distributionPayments).where(eq(distributionPayments.declarationId, declared.declarationId))).toEqual(
      [],
    );

    const approved = orFail(
      await decideDistribution(approver, { declarationId: declared.declarationId, decision: "approve", reason: null }),
    );
    expect(approved).toMatchObject({ approved: true, investors: 2 });
    const shares = await listReceivedDistributions(whole.id);
    const wholeGross = Math.floor((30_000_000 * 182_000_000) / 227_000_000);
    const halfGross = Math.floor((30_000_000 * 45_000_000) / 227_000_000);
    expect(shares).toEqual([
      expect.objectContaining({
        grossKobo: wholeGross,
        withholdingKobo: Math.floor(wholeGross / 10),
        netKobo: wholeGross - Math.floor(wholeGross / 10),
        status: "scheduled",
      }),
    ]);
    expect((await listReceivedDistributions(half.id))[0]).toMatchObject({ grossKobo: halfGross });
    const [row] = (await listDistributions()).filter((d) => d.id === declared.declarationId);
    expect(row).toMatchObject({
      status: "approved",
      totalKobo: wholeGross + halfGross,
      remainderKobo: 30_000_000 - wholeGross - halfGross,
      scheduled: 2,
    });
    expect(row!.remainderKobo).toBeLessThan(2);

    const told = await getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, half.id), eq(notifications.type, "investment")));
    expect(told.map((n) => n.title)).toContain(`A distribution from ${row!.tierName}`);
    const audit = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceType, "distribution_declaration"), eq(auditLog.resourceId, String(declared.declarationId))));
    expect(audit.map((a) => [a.action, a.actorId]).sort()).toEqual(
      [
        ["investments.distribution.approve", approver.id],
        ["investments.distribution.declare", declarer.id],
      ].sort(),
    );

    // An investment that has had a distribution is not refunded: its principal comes back through redemption.
    const [held] = await getDb().select().from(investments).where(eq(investments.userId, whole.id));
    const refund = await refundOrderPayment({ orderId: held!.orderId, staff: approver, reason: "Changed my mind" });
    expect(refund).toMatchObject({
      ok: false,
      error: { code: "conflict", message: expect.stringContaining("Pay the principal back through redemption") },
    });
    expect((await getDb().select().from(investments).where(eq(investments.id, held!.id)))[0]!.status).toBe("active");

    // Decided once; the same days cannot be declared again.
    expect(await decideDistribution(approver, { declarationId: declared.declarationId, decision: "approve", reason: null })).toMatchObject({
      ok: false,
      error: { message: "This distribution has already been decided." },
    });
    const again = await declareDistribution(declarer, declaration(tierId, { from: "2026-09-01", to: "2026-10-31" }), "2026-11-28");
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringContaining("that period is closed") } });

    // Paid once with the bank's reference.
    expect(orFail(await markDistributionPaid(approver, { declarationId: declared.declarationId, reference: "ZEN-BULK-44120" })).paid).toBe(
      2,
    );
    expect((await markDistributionPaid(approver, { declarationId: declared.declarationId, reference: "ZEN-BULK-44120" })).ok).toBe(false);
    const paid = await getDb()
      .select()
      .from(distributionPayments)
      .where(inArray(distributionPayments.userId, [whole.id, half.id]));
    expect((await investmentFigures()).distributionsPaidKobo).toBe(paid.reduce((sum, p) => sum + p.netKobo, 0));
    expect(paid.map((p) => [p.status, p.reference])).toEqual([
      ["paid", "ZEN-BULK-44120"],
      ["paid", "ZEN-BULK-44120"],
    ]);
  });

  it("refuses a period that has not ended, and a rejection (with its reason) leaves the days free to declare again", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const approver = await makeUser("admin", "Olumide Bankole");
    const tierId = await createTier(declarer);
    const nobody = await declareDistribution(declarer, declaration(tierId), "2026-11-28");
    expect(nobody).toMatchObject({ ok: false, error: { message: expect.stringContaining("there is nobody to distribute to") } });
    await heldSince(tierId, "Musa Abdullahi", 50_000_000, "2026-05-02");
    const early = await declareDistribution(declarer, declaration(tierId, { to: "2026-11-30" }), "2026-11-28");
    expect(early).toMatchObject({ ok: false, error: { field: "to" } });

    const declared = orFail(
      await declareDistribution(declarer, declaration(tierId, { basis: "rate", pool: "", rate: "12" }), "2026-11-28"),
    );
    const rejected = orFail(
      await decideDistribution(approver, {
        declarationId: declared.declarationId,
        decision: "reject",
        reason: "The quarter's accounts are not audited yet.",
      }),
    );
    expect(rejected.approved).toBe(false);
    expect((await declareDistribution(declarer, declaration(tierId), "2026-11-28")).ok).toBe(true);
    expect(await markDistributionPaid(approver, { declarationId: declared.declarationId, reference: "ZEN-0001" })).toMatchObject({
      ok: false,
    });
  });

  it("a rate pays each holding its yearly rate for the days held", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const approver = await makeUser("admin", "Olumide Bankole");
    const tierId = await createTier(declarer, { max: "10,000,000" });
    const investor = await heldSince(tierId, "Halima Sule", 365_000_000, "2026-01-01");
    const declared = orFail(
      await declareDistribution(
        declarer,
        declaration(tierId, { basis: "rate", pool: "", rate: "10", from: "2026-10-01", to: "2026-10-10" }),
        "2026-11-28",
      ),
    );
    orFail(await decideDistribution(approver, { declarationId: declared.declarationId, decision: "approve", reason: null }));
    // ₦3,650,000 at 10% a year for 10 days: ₦10,000.
    expect((await listReceivedDistributions(investor.id))[0]).toMatchObject({
      grossKobo: 1_000_000,
      withholdingKobo: 100_000,
      netKobo: 900_000,
    });
  });
});

describe("two at once", () => {
  it("two second admins approving together write the shares once", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const [one, two] = [await makeUser("admin", "Olumide Bankole"), await makeUser("admin", "Kemi Adeyemi")];
    const tierId = await createTier(declarer);
    const investor = await heldSince(tierId, "Chiamaka Eze", 40_000_000, "2026-03-03");
    const declared = orFail(await declareDistribution(declarer, declaration(tierId), "2026-11-28"));
    const decide = (admin: typeof one) =>
      decideDistribution(admin, { declarationId: declared.declarationId, decision: "approve", reason: null });
    const answers = await Promise.all([decide(one), decide(two)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ error: { message: "This distribution has already been decided." } });
    expect(await listReceivedDistributions(investor.id)).toHaveLength(1);
  });
});
