import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { formatKoboAsCode } from "@domain/money/money";
import { formatLagosTimestamp } from "@domain/time/lagos-time";
import { A4, fitWidth, GREEN, INK, LINE, MUTED } from "../../pdf/pdf-style";
import { STATEMENT_COLUMNS, type TStatement } from "./statement";

/** The standard fonts speak WinAnsi only: anything else (₦, emoji) would throw, so it is spelt out or dropped. */
const printable = (s: string) => s.replace(/₦/g, "NGN ").replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");

const fit = (font: PDFFont, value: string, size: number, width: number) => fitWidth(font, printable(value), size, width);

// Portrait A4, in points: column x positions and widths for Date, Time, Station, Slot, Energy, Duration, Cost, Status.
const MARGIN = 40;
const WIDTHS = [62, 36, 150, 28, 62, 62, 66, 49];

/**
 * The statement as a PDF (docs/product/zavcharge.md#statement): the same rows and totals as the CSV, on as many
 * A4 pages as it takes, with the column headings on each.
 */
export async function renderStatementPdf(statement: TStatement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`ZavCharge statement ${statement.accountCode}`);
  pdf.setAuthor("Zavolah ZavCharge");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (value: string, x: number, size: number, font = regular, color = INK, width = A4[0] - 2 * MARGIN) =>
    page.drawText(fit(font, value, size, width), { x, y, size, font, color });

  const heading = () => {
    let x = MARGIN;
    STATEMENT_COLUMNS.forEach((c, i) => {
      text(c, x, 9, bold, MUTED, WIDTHS[i]! - 4);
      x += WIDTHS[i]!;
    });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.75, color: LINE });
    y -= 13;
  };

  text("ZAVCHARGE STATEMENT", MARGIN, 16, bold, GREEN);
  y -= 22;
  text(`${statement.accountName ? `${statement.accountName}, ` : ""}subscription ${statement.accountCode}`, MARGIN, 11);
  y -= 16;
  text(`Generated at ${formatLagosTimestamp(statement.totals.generatedAt)} (Lagos time)`, MARGIN, 9, regular, MUTED);
  y -= 26;
  heading();

  for (const r of statement.rows) {
    if (y < MARGIN + 90) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
      heading();
    }
    const cells = [
      r.isoDate,
      r.time,
      r.station,
      String(r.slot),
      r.energy,
      r.duration,
      r.costKobo === null ? r.cost : formatKoboAsCode(r.costKobo),
      r.status,
    ];
    let x = MARGIN;
    cells.forEach((c, i) => {
      text(c, x, 8.5, regular, INK, WIDTHS[i]! - 4);
      x += WIDTHS[i]!;
    });
    y -= 14;
  }
  if (statement.rows.length === 0) {
    text("No charging sessions yet.", MARGIN, 10, regular, MUTED);
    y -= 14;
  }

  y -= 10;
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4[0] - MARGIN, y: y + 8 }, thickness: 0.75, color: LINE });
  const t = statement.totals;
  for (const [label, value] of [
    ["Sessions", String(t.sessions)],
    ["Amount spent", formatKoboAsCode(t.amountSpentKobo)],
    ["Balance", formatKoboAsCode(t.balanceKobo)],
    ["Generated at", formatLagosTimestamp(t.generatedAt)],
  ] as const) {
    text(label, MARGIN, 10, bold);
    text(value, MARGIN + 120, 10);
    y -= 15;
  }
  return pdf.save();
}
