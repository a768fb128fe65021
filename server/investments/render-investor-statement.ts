import { PDFDocument, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { COMPANY } from "@domain/company/company";
import { csvDocument, csvLine } from "@domain/files/csv";
import { distributionPeriodLabel } from "@domain/investments/distribution-chart";
import { PROJECTION_NOTE } from "@domain/investments/disclosures";
import { DISTRIBUTION_PAYMENT_STATUS_LABEL, INVESTMENT_STATUS_LABEL } from "@domain/investments/investment-rules";
import { formatKoboAsCode, koboAsNairaDecimal } from "@domain/money/money";
import { addDays, formatLagosDate, formatLagosTimestamp, lagosToday } from "@domain/time/lagos-time";
import { A4, fitWidth, GREEN, INK, LINE, MUTED, WHITE } from "../pdf/pdf-style";
import type { TInvestorStatement, TStatementDistribution } from "./get-investor-statement";
import { winAnsiSafe, wrap } from "./render-investment-agreement-pdf";

// The annual statement as files (docs/product/investments.md#distributions): a CSV a spreadsheet opens and an A4 PDF,
// both with the same sections: who, the investments held, the distributions approved in the year, the totals with
// withholding tax as its own line, the projection note and the company's registration.

/** `zavolah-investment-statement-2026.pdf` (or .csv). */
export const statementFileName = (year: number, ext: "pdf" | "csv") => `zavolah-investment-statement-${year}.${ext}`;

const day = (d: Date | null) => (d ? lagosToday(d) : "");
const distributionStatus = (d: TStatementDistribution) => DISTRIBUTION_PAYMENT_STATUS_LABEL[d.status];

// ---------------------------------------------------------------------------------------------------------------
// CSV

/**
 * The statement as CSV, one section after another separated by a blank line: a header block, the investments, the
 * distributions, the totals and the notes. Amounts in naira with two places (NGN, no separators) so a spreadsheet sums
 * them; dates as Lagos YYYY-MM-DD.
 */
export function statementCsv(s: TInvestorStatement): string {
  const lines: string[] = [
    csvLine([`${COMPANY.name} annual investment statement`, s.year]),
    csvLine(["Investor", s.investor.legalName]),
    csvLine(["Address", `${s.investor.address}, ${s.investor.lga} LGA, ${s.investor.state}`]),
    csvLine(["Period", `${s.year}-01-01`, `${s.year}-12-31`]),
    csvLine(["Generated", formatLagosTimestamp(s.generatedAt)]),
    "",
    csvLine(["Investments"]),
    csvLine(["Reference", "Tier", "Principal (NGN)", "Status", "Start date", "Maturity date"]),
    ...s.investments.map((i) =>
      csvLine([
        i.reference,
        i.tierName,
        koboAsNairaDecimal(i.principalKobo),
        INVESTMENT_STATUS_LABEL[i.status],
        day(i.startedAt),
        day(i.maturesAt),
      ]),
    ),
    "",
    csvLine(["Distributions"]),
    csvLine([
      "Period start",
      "Period end",
      "Tier",
      "Investment",
      "Gross (NGN)",
      "Withholding tax (NGN)",
      "Net (NGN)",
      "Status",
      "Paid date",
      "Bank reference",
    ]),
    ...s.distributions.map((d) =>
      csvLine([
        d.periodStart,
        addDays(d.periodEnd, -1),
        d.tierName,
        d.reference,
        koboAsNairaDecimal(d.grossKobo),
        koboAsNairaDecimal(d.withholdingKobo),
        koboAsNairaDecimal(d.netKobo),
        distributionStatus(d),
        day(d.paidAt),
        d.bankReference,
      ]),
    ),
    "",
    csvLine(["Totals", "NGN"]),
    csvLine(["Gross distributions", koboAsNairaDecimal(s.totals.grossKobo)]),
    csvLine([s.withholdingLabel, koboAsNairaDecimal(s.totals.withholdingKobo)]),
    csvLine(["Net distributions", koboAsNairaDecimal(s.totals.netKobo)]),
    ...(s.totals.reinvestedKobo > 0 ? [csvLine(["Of which reinvested", koboAsNairaDecimal(s.totals.reinvestedKobo)])] : []),
    "",
    csvLine(["Withholding tax", s.withholdingNote]),
    csvLine(["Note", PROJECTION_NOTE]),
    csvLine(["Registration", s.registration]),
  ];
  return csvDocument(lines);
}

// ---------------------------------------------------------------------------------------------------------------
// PDF

const LEFT = 50;
const RIGHT = A4[0] - 50;
/** Nothing is drawn below this but the footer. */
const BOTTOM = 64;

/** Money in a table cell: the heading says NGN, so the figure goes without it. */
const amount = (kobo: number) => formatKoboAsCode(kobo).replace(/^NGN\s*/, "");

type TColumn = { label: string; width: number; align?: "right" };
type TCell = { text: string; sub?: string };

/**
 * The annual statement as an A4 PDF: a header band "ANNUAL STATEMENT <year>", the investor, the investments and the
 * distributions as tables (headings repeated on each new page), the totals with withholding tax as its own line, the
 * projection note and the registration; every page carries the investor, the year and its page number.
 */
export async function renderStatementPdf(s: TInvestorStatement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const name = winAnsiSafe(regular, s.investor.legalName);
  pdf.setTitle(`Annual investment statement ${s.year}`);
  pdf.setAuthor(COMPANY.legalName);
  pdf.setSubject(`Annual investment statement ${s.year} for ${name}`);
  pdf.setCreationDate(s.generatedAt);

  const [width, height] = A4;
  let page: PDFPage = pdf.addPage(A4);
  let y = 0;
  /** Whatever must be redrawn at the top of a new page (a table's headings), or nothing. */
  let onNewPage: (() => void) | null = null;

  const newPage = () => {
    page = pdf.addPage(A4);
    page.drawRectangle({ x: 0, y: height - 40, width, height: 40, color: GREEN });
    page.drawText(COMPANY.name, { x: LEFT, y: height - 26, size: 12, font: bold, color: WHITE });
    const label = `Annual statement ${s.year} (continued)`;
    page.drawText(label, { x: RIGHT - regular.widthOfTextAtSize(label, 9), y: height - 25, size: 9, font: regular, color: WHITE });
    y = height - 64;
    onNewPage?.();
  };
  /** Room for this much below y, on a new page when this one has not got it. */
  const ensure = (space: number) => {
    if (y - space < BOTTOM) newPage();
  };
  const fit = (font: PDFFont, value: string, size: number, w: number) => fitWidth(font, winAnsiSafe(font, value), size, w);
  const draw = (value: string, x: number, size: number, font: PDFFont, color: RGB = INK) =>
    page.drawText(winAnsiSafe(font, value), { x, y, size, font, color });
  const paragraph = (value: string, opts: { size?: number; font?: PDFFont; color?: RGB } = {}) => {
    const { size = 10, font = regular, color = INK } = opts;
    const leading = size * 1.35;
    const lines = wrap(font, winAnsiSafe(font, value), size, RIGHT - LEFT);
    if (lines.length <= 4) ensure(lines.length * leading);
    for (const l of lines) {
      ensure(leading);
      y -= leading;
      page.drawText(l, { x: LEFT, y, size, font, color });
    }
  };
  const heading = (value: string) => {
    ensure(60);
    y -= 24;
    draw(value, LEFT, 12, bold, GREEN);
    page.drawLine({ start: { x: LEFT, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.5, color: GREEN });
    y -= 8;
  };

  /** A table: headings, then rows of one or two lines, a new page (with the headings again) when it runs long. */
  const table = (columns: TColumn[], rows: TCell[][], empty: string) => {
    const size = 8.5;
    const cellX = (i: number) => LEFT + columns.slice(0, i).reduce((sum, c) => sum + c.width, 0);
    const cellText = (value: string, i: number, font: PDFFont, fontSize: number, color: RGB) => {
      const c = columns[i]!;
      const text = fit(font, value, fontSize, c.width - 6);
      const x = c.align === "right" ? cellX(i) + c.width - 4 - font.widthOfTextAtSize(text, fontSize) : cellX(i);
      page.drawText(text, { x, y, size: fontSize, font, color });
    };
    const headings = () => {
      y -= 14;
      columns.forEach((c, i) => cellText(c.label, i, bold, 8, MUTED));
      page.drawLine({ start: { x: LEFT, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.75, color: LINE });
      y -= 4;
    };
    ensure(40);
    headings();
    if (rows.length === 0) {
      y -= 16;
      draw(empty, LEFT, 9, italic, MUTED);
      return;
    }
    onNewPage = headings;
    for (const row of rows) {
      const twoLines = row.some((c) => c.sub);
      ensure(twoLines ? 28 : 18);
      y -= 14;
      row.forEach((c, i) => cellText(c.text, i, regular, size, INK));
      if (twoLines) {
        y -= 10;
        row.forEach((c, i) => (c.sub ? cellText(c.sub, i, regular, 7, MUTED) : undefined));
      }
      page.drawLine({ start: { x: LEFT, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.5, color: LINE });
      y -= 2;
    }
    onNewPage = null;
  };

  // Header band, as on the agreement.
  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: GREEN });
  page.drawText(COMPANY.name, { x: LEFT, y: height - 50, size: 24, font: bold, color: WHITE });
  page.drawText("Powering Nigeria's Future", { x: LEFT, y: height - 72, size: 10, font: regular, color: WHITE });
  const title = `ANNUAL STATEMENT ${s.year}`;
  page.drawText(title, { x: RIGHT - bold.widthOfTextAtSize(title, 16), y: height - 50, size: 16, font: bold, color: WHITE });
  const span = `1 January ${s.year} - 31 December ${s.year}`;
  page.drawText(span, { x: RIGHT - regular.widthOfTextAtSize(span, 10), y: height - 70, size: 10, font: regular, color: WHITE });

  // The investor.
  y = height - 120;
  draw(s.investor.legalName, LEFT, 14, bold);
  y -= 4;
  paragraph(`${s.investor.address}, ${s.investor.lga} LGA, ${s.investor.state}`);
  paragraph(
    `Investments held and distributions approved between 1 January and 31 December ${s.year} (Lagos time). ` +
      `Generated ${formatLagosTimestamp(s.generatedAt)}.`,
    { size: 9, color: MUTED },
  );

  heading("Investments");
  table(
    [
      { label: "Reference", width: 92 },
      { label: "Tier", width: 120 },
      { label: "Principal (NGN)", width: 88, align: "right" },
      { label: "Status", width: 63 },
      { label: "Started", width: 66 },
      { label: "Matures", width: 66 },
    ],
    s.investments.map((i) => [
      { text: i.reference },
      { text: i.tierName },
      { text: amount(i.principalKobo) },
      { text: INVESTMENT_STATUS_LABEL[i.status] },
      { text: i.startedAt ? formatLagosDate(i.startedAt) : "-" },
      { text: i.maturesAt ? formatLagosDate(i.maturesAt) : "-" },
    ]),
    `No investment was held in ${s.year}.`,
  );

  heading("Distributions");
  table(
    [
      { label: "Period", width: 118 },
      { label: "Tier", width: 90 },
      { label: "Gross (NGN)", width: 70, align: "right" },
      { label: "Tax (NGN)", width: 62, align: "right" },
      { label: "Net (NGN)", width: 70, align: "right" },
      { label: "Status", width: 85 },
    ],
    s.distributions.map((d) => [
      { text: distributionPeriodLabel(d.periodStart, d.periodEnd) },
      { text: d.tierName, sub: d.reference },
      { text: amount(d.grossKobo) },
      { text: amount(d.withholdingKobo) },
      { text: amount(d.netKobo) },
      (d.status === "paid" || d.status === "reinvested") && d.paidAt
        ? { text: `${distributionStatus(d)} ${formatLagosDate(d.paidAt)}`, sub: d.bankReference ? `Ref ${d.bankReference}` : undefined }
        : { text: distributionStatus(d) },
    ]),
    `No distribution was approved for you in ${s.year}.`,
  );

  // The totals, withholding tax on its own line.
  heading("Totals");
  const totals: [string, number, PDFFont][] = [["Gross distributions", s.totals.grossKobo, regular]];
  if ((s.withholdingBasisPoints ?? 1) > 0 || s.totals.withholdingKobo > 0)
    totals.push([s.withholdingLabel, -s.totals.withholdingKobo, regular]);
  totals.push(["Net distributions", s.totals.netKobo, bold]);
  if (s.totals.reinvestedKobo > 0) totals.push(["Of which reinvested in your investments", s.totals.reinvestedKobo, regular]);
  for (const [label, kobo, font] of totals) {
    ensure(20);
    y -= 16;
    draw(label, LEFT, 10, font);
    const value = kobo < 0 ? `- ${formatKoboAsCode(-kobo)}` : formatKoboAsCode(kobo);
    page.drawText(value, { x: RIGHT - font.widthOfTextAtSize(value, 10), y, size: 10, font, color: INK });
    page.drawLine({ start: { x: LEFT, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.5, color: LINE });
  }
  y -= 8;
  paragraph(s.withholdingNote, { size: 9, color: MUTED });

  y -= 10;
  paragraph(PROJECTION_NOTE, { font: italic, size: 9.5 });
  y -= 10;
  paragraph(s.registration, { size: 8.5, color: MUTED });

  // The footer on every page.
  const pages = pdf.getPages();
  const footer = winAnsiSafe(
    regular,
    `Annual statement ${s.year} \u00b7 ${s.investor.legalName} \u00b7 generated ${formatLagosDate(s.generatedAt)}`,
  );
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: LEFT, y: 52 }, end: { x: RIGHT, y: 52 }, thickness: 0.5, color: MUTED });
    p.drawText(fit(regular, footer, 8, RIGHT - LEFT - 80), { x: LEFT, y: 38, size: 8, font: regular, color: MUTED });
    const n = `Page ${i + 1} of ${pages.length}`;
    p.drawText(n, { x: RIGHT - regular.widthOfTextAtSize(n, 8), y: 38, size: 8, font: regular, color: MUTED });
  });

  return pdf.save();
}
