import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { RISK_STATEMENT } from "@domain/investments/disclosures";
import { pdfRuns } from "../../tests/support/pdf-text";
import { renderInvestmentAgreementPdf, type TInvestmentAgreement } from "./render-investment-agreement-pdf";

const pdfText = (bytes: Uint8Array) => pdfRuns(bytes).map((r) => r.text);

const agreement: TInvestmentAgreement = {
  reference: "ZINV-2026-000042",
  issuedAt: new Date("2026-03-01T09:15:00Z"),
  investor: {
    legalName: "Adaeze Okonkwo",
    email: "adaeze.okonkwo@example.ng",
    phone: "+234 803 555 0142",
    address: "12 Awolowo Road, Ikoyi",
    state: "Lagos State",
    lga: "Eti-Osa",
  },
  tier: {
    name: "Solar Mini-Grid Growth",
    tenorMonths: 24,
    expectedReturnBasisPoints: 1250,
    distributionFrequencyLabel: "Quarterly",
    lockupMonths: 6,
    earlyRedemption: true,
  },
  principalKobo: 250_000_000,
  startDate: new Date("2026-03-01T09:15:00Z"),
  maturityDate: new Date("2028-03-01T09:15:00Z"),
  registration:
    "Zavolah Ltd, RC 1234567, registered with the Corporate Affairs Commission. Registered office: 8 Admiralty Way, Lekki Phase 1, Lagos.",
};

describe("the investment agreement PDF", () => {
  it("is an A4 PDF titled with the reference, showing the parties, the terms and the risk statement", async () => {
    const bytes = await renderInvestmentAgreementPdf(agreement);
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");

    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe("Investment agreement ZINV-2026-000042");
    expect(doc.getAuthor()).toBe("Zavolah Ltd");
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getPageCount()).toBeLessThanOrEqual(2);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);

    const lines = pdfText(bytes);
    const text = lines.join("\n");
    expect(text).toContain("INVESTMENT AGREEMENT");
    expect(text).toContain("ZINV-2026-000042");
    expect(text).toContain("Adaeze Okonkwo");
    expect(text).toContain("12 Awolowo Road, Ikoyi");
    expect(text).toContain("Eti-Osa LGA, Lagos State");
    expect(text).toContain("8 Admiralty Way, Lekki Phase 1, Lagos, Lagos State");
    expect(text).toContain("NGN 2,500,000.00");
    expect(text).toContain("Projected return (not guaranteed)");
    expect(text).toContain("12.5% a year");
    expect(text).toContain("1 March 2026");
    expect(text).toContain("1 March 2028");
    expect(text).toContain("24 months");
    expect(text).toContain("Quarterly");
    expect(text).toContain("Risk statement");
    expect(text).toContain("RC 1234567");
    // The risk statement is all there, wrapped: its words in order once the lines are joined up again.
    const flowing = lines.join(" ").replace(/\s+/g, " ");
    for (const p of RISK_STATEMENT) expect(flowing).toContain(p);
    // The footer is on every page.
    const footers = lines.filter((l) => l === "Reference ZINV-2026-000042 \u00b7 issued 1 March 2026");
    expect(footers).toHaveLength(doc.getPageCount());
  });

  it("wraps a very long address and odd characters without throwing, onto a second page when it must", async () => {
    const longAddress = `${"Plot 4, Block C, Off Admiralty Way, Behind the Mosque, Opposite the Filling Station, ".repeat(12)}${"X".repeat(300)}`;
    const bytes = await renderInvestmentAgreementPdf({
      ...agreement,
      investor: {
        ...agreement.investor,
        legalName: "\u1eccl\u00e1b\u00ed\u0301s\u00ed \u201cBisi\u201d Adew\u1ecd\u0301l\u00e9",
        address: longAddress,
      },
      tier: { ...agreement.tier, name: "Tier \u20a6 with a \u2212 sign \u{1F31E}", lockupMonths: 0, earlyRedemption: false },
      registration: `${agreement.registration} `.repeat(20),
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    // No line runs past the right margin (A4 is 595.28pt wide, with 50pt margins).
    const scratch = await PDFDocument.create();
    const fonts = {
      Helvetica: await scratch.embedFont(StandardFonts.Helvetica),
      "Helvetica-Bold": await scratch.embedFont(StandardFonts.HelveticaBold),
      "Helvetica-Oblique": await scratch.embedFont(StandardFonts.HelveticaOblique),
    };
    const runs = pdfRuns(bytes);
    for (const r of runs)
      expect(r.x + fonts[r.font as keyof typeof fonts].widthOfTextAtSize(r.text, r.size), r.text).toBeLessThanOrEqual(545.3);
    const lines = runs.map((r) => r.text);
    const text = lines.join("\n");
    expect(text).toContain("Ol\u00e1b\u00eds\u00ed \u201cBisi\u201d Adewol\u00e9");
    expect(text).toContain("Tier NGN with a - sign ?");
    expect(text).toContain("Not allowed");
    expect(text).toContain("None");
    expect(text).toContain("XXXX");
    expect(lines.filter((l) => l.startsWith("Reference ZINV-2026-000042"))).toHaveLength(doc.getPageCount());
  });
});
