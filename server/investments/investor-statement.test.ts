import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { ZDistributionDeclaration } from "@domain/investments/investment-input";
import { lagosYearOf } from "@domain/investments/investment-rules";
import { createTier, investmentHeldSince, makeInvestor } from "../../tests/support/investment-fixtures";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { declareDistribution } from "./declare-distribution";
import { decideDistribution } from "./decide-distribution";
import { getInvestorStatement } from "./get-investor-statement";
import { markDistributionPaid } from "./mark-distribution-paid";
import { renderStatementPdf, statementCsv, statementFileName } from "./render-investor-statement";
import { investments } from "./schema";

// The annual statement (docs/product/investments.md#distributions): the investor's own investments and distributions
// for a Lagos year, with withholding tax as its own line, as CSV and PDF.

useTestDatabase();

/** An investor holding the tier since a Lagos day (tests/support/investment-fixtures.ts). */
const heldSince = async (tierId: number, name: string, principalKobo: number, since: string) =>
  (await investmentHeldSince(tierId, name, principalKobo, since)).investor;

const declaration = (tierId: number) =>
  ZDistributionDeclaration.parse({ tierId: String(tierId), from: "2026-07-01", to: "2026-09-29", basis: "pool", pool: "300,000" });

describe("the annual investment statement", () => {
  it("holds the investor's own investment and distribution with withholding tax, and renders as CSV and PDF", async () => {
    const declarer = await makeUser("admin", "Adaeze Okonkwo");
    const approver = await makeUser("admin", "Olumide Bankole");
    const tierId = await createTier(declarer, { max: "10,000,000" });
    const whole = await heldSince(tierId, "Yetunde Adewale", 200_000_000, "2026-06-20");
    const other = await heldSince(tierId, "Emeka Obi", 100_000_000, "2026-08-16");
    const declared = orFail(await declareDistribution(declarer, declaration(tierId), "2026-11-28"));
    orFail(await decideDistribution(approver, { declarationId: declared.declarationId, decision: "approve", reason: null }));
    orFail(await markDistributionPaid(approver, { declarationId: declared.declarationId, reference: "ZEN-BULK-44120" }));

    // Approved now, so it belongs to this Lagos year's statement.
    const year = lagosYearOf(new Date()).year;
    const { statement } = orFail(await getInvestorStatement(whole.id, year));
    const [held] = await getDb().select().from(investments).where(eq(investments.userId, whole.id));

    expect(statement.year).toBe(year);
    expect(statement.investor).toMatchObject({ legalName: "Yetunde Adewale", state: "Lagos", lga: "Eti-Osa" });
    expect(statement.investments).toEqual([
      expect.objectContaining({
        reference: `ZINV-${lagosYearOf(held!.placedAt).year}-${String(held!.id).padStart(6, "0")}`,
        tierName: held!.terms.tierName,
        principalKobo: 200_000_000,
        status: "active",
      }),
    ]);
    const gross = Math.floor((30_000_000 * 182_000_000) / 227_000_000);
    const tax = Math.floor(gross / 10);
    expect(statement.distributions).toEqual([
      expect.objectContaining({
        periodStart: "2026-07-01",
        periodEnd: "2026-09-30",
        tierName: held!.terms.tierName,
        grossKobo: gross,
        withholdingKobo: tax,
        netKobo: gross - tax,
        status: "paid",
        bankReference: "ZEN-BULK-44120",
      }),
    ]);
    expect(statement.totals).toEqual({ grossKobo: gross, withholdingKobo: tax, netKobo: gross - tax, reinvestedKobo: 0 });
    expect(statement.totals.grossKobo - statement.totals.withholdingKobo).toBe(statement.totals.netKobo);
    expect(statement.withholdingBasisPoints).toBe(1_000);
    expect(statement.withholdingLabel).toBe("Withholding tax (10%)");
    expect(statement.registration).toContain("RC");

    // Another investor's statement has their own rows and none of these.
    const theirs = orFail(await getInvestorStatement(other.id, year)).statement;
    expect(theirs.investor.legalName).toBe("Emeka Obi");
    expect(theirs.investments.map((i) => i.reference)).not.toContain(statement.investments[0]!.reference);
    expect(theirs.investments.map((i) => i.principalKobo)).toEqual([100_000_000]);
    expect(theirs.distributions.map((d) => d.grossKobo)).not.toContain(gross);

    // The CSV: the header block, the tables and the totals.
    const csv = statementCsv(statement);
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(`Zavolah annual investment statement,${year}`);
    expect(lines).toContain("Investor,Yetunde Adewale");
    expect(lines).toContain("Reference,Tier,Principal (NGN),Status,Start date,Maturity date");
    expect(lines.some((l) => l.startsWith(`${statement.investments[0]!.reference},`) && l.includes(",2000000.00,Active,2026-06-20,"))).toBe(
      true,
    );
    expect(lines).toContain(
      "Period start,Period end,Tier,Investment,Gross (NGN),Withholding tax (NGN),Net (NGN),Status,Paid date,Bank reference",
    );
    const naira = (kobo: number) => `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, "0")}`;
    expect(
      lines.some((l) => l.startsWith("2026-07-01,2026-09-29,") && l.includes(`,${naira(gross)},${naira(tax)},${naira(gross - tax)},Paid,`)),
    ).toBe(true);
    expect(lines).toContain(`Withholding tax (10%),${naira(tax)}`);
    expect(lines).toContain(`Net distributions,${naira(gross - tax)}`);

    const pdf = await renderStatementPdf(statement);
    expect(Buffer.from(pdf.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(statementFileName(year, "pdf")).toBe(`zavolah-investment-statement-${year}.pdf`);
  });

  it("refuses a year outside 2020 to this year, and anyone who is not an investor", async () => {
    const investor = await makeInvestor("Halima Sule");
    const year = lagosYearOf(new Date()).year;
    for (const bad of [2019, year + 1, 2020.5])
      expect(await getInvestorStatement(investor.id, bad)).toMatchObject({ ok: false, error: { code: "not_found" } });
    const empty = orFail(await getInvestorStatement(investor.id, 2020)).statement;
    expect(empty).toMatchObject({ investments: [], distributions: [], totals: { grossKobo: 0, withholdingKobo: 0, netKobo: 0 } });
    expect(Buffer.from((await renderStatementPdf(empty)).slice(0, 5)).toString("latin1")).toBe("%PDF-");

    const customer = await makeUser("customer", "Chidi Nwosu");
    expect(await getInvestorStatement(customer.id, year)).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("runs over several pages when the lists are long", async () => {
    const investor = await makeInvestor("Ngozi Eze");
    const { statement } = orFail(await getInvestorStatement(investor.id, lagosYearOf(new Date()).year));
    const many = {
      ...statement,
      investments: Array.from({ length: 60 }, (_, k) => ({
        reference: `ZINV-2026-${String(k + 1).padStart(6, "0")}`,
        tierName: "Solar Mini-Grid Note",
        principalKobo: 5_000_000 + k,
        status: "active" as const,
        startedAt: new Date("2026-01-05T09:00:00+01:00"),
        maturesAt: new Date("2027-01-05T09:00:00+01:00"),
      })),
    };
    const pdf = await PDFDocument.load(await renderStatementPdf(many));
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });
});
