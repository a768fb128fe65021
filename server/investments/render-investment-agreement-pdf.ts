import { PDFDocument, StandardFonts, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { COMPANY, OFFICES } from "@domain/company/company";
import { months, projectedReturn, PROJECTION_NOTE, RISK_ACCEPTANCE_LABEL, RISK_STATEMENT } from "@domain/investments/disclosures";
import { formatKoboAsCode } from "@domain/money/money";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { A4, GREEN, INK, MUTED, WHITE } from "../pdf/pdf-style";

export type TInvestmentAgreement = {
  /** "ZINV-2026-000042". */
  reference: string;
  /** When the investment became active. */
  issuedAt: Date;
  investor: { legalName: string; email: string; phone: string; address: string; state: string; lga: string };
  tier: {
    name: string;
    tenorMonths: number;
    expectedReturnBasisPoints: number;
    distributionFrequencyLabel: string;
    lockupMonths: number;
    earlyRedemption: boolean;
  };
  principalKobo: number;
  startDate: Date;
  maturityDate: Date;
  /** The company's registration details, an admin setting ("Zavolah Ltd, RC 1234567. ..."). */
  registration: string;
};

const LEFT = 50;
const RIGHT = A4[0] - 50;
/** Nothing is drawn below this but the footer. */
const BOTTOM = 64;

/** Characters people type that WinAnsi (the standard fonts' encoding) has no glyph for, as text it has. */
const SUBSTITUTES: Record<string, string> = {
  "\u20a6": "NGN ",
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2002": " ",
  "\u2003": " ",
  "\u2009": " ",
  "\u202f": " ",
  "\u2007": " ",
  "\t": " ",
  "\r": " ",
  "\n": " ",
};

/**
 * Text the font can draw: characters it has stay (WinAnsi has curly quotes, dashes and accented Latin letters),
 * letters it lacks lose their accents ("Ọlá" -> "Olá"), a few symbols become text ("₦" -> "NGN "), and anything
 * else becomes "?", so a name or an address typed with any keyboard never makes the PDF throw.
 */
export function winAnsiSafe(font: PDFFont, value: string): string {
  const drawable = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (drawable.has(code)) out += ch;
    else if (ch in SUBSTITUTES) out += SUBSTITUTES[ch];
    else if (/\p{M}/u.test(ch)) continue;
    else {
      const base = ch.normalize("NFKD").replace(/\p{M}/gu, "");
      out += base && [...base].every((c) => drawable.has(c.codePointAt(0)!)) ? base : "?";
    }
  }
  return out;
}

/** The lines text makes at this size and width, broken at spaces; a word longer than a line is broken where it must. */
export function wrap(font: PDFFont, value: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of value.split(/ +/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length ? lines : [""];
}

/**
 * The investment agreement (A4, one or two pages): the parties, the terms, the projection note and the risk
 * statement the investor accepted, and the company's registration; every page carries the reference and the
 * Lagos date it was issued. Standard fonts only, so every piece of text goes through winAnsiSafe.
 */
export async function renderInvestmentAgreementPdf(a: TInvestmentAgreement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const reference = winAnsiSafe(bold, a.reference);
  pdf.setTitle(`Investment agreement ${reference}`);
  pdf.setAuthor(COMPANY.legalName);
  pdf.setSubject(`Investment agreement ${reference} between ${COMPANY.legalName} and ${winAnsiSafe(regular, a.investor.legalName)}`);
  pdf.setCreationDate(a.issuedAt);

  const [width, height] = A4;
  const lagos = OFFICES.find((o) => o.city === "Lagos") ?? OFFICES[0]!;
  const issuedOn = formatLagosDateLong(a.issuedAt);

  let page: PDFPage = pdf.addPage(A4);
  let y = 0;

  const newPage = () => {
    page = pdf.addPage(A4);
    page.drawRectangle({ x: 0, y: height - 40, width, height: 40, color: GREEN });
    page.drawText(COMPANY.name, { x: LEFT, y: height - 26, size: 12, font: bold, color: WHITE });
    const label = `Investment agreement ${reference} (continued)`;
    page.drawText(label, { x: RIGHT - regular.widthOfTextAtSize(label, 9), y: height - 25, size: 9, font: regular, color: WHITE });
    y = height - 70;
  };
  /** Room for this much below y, on a new page when this one has not got it. */
  const ensure = (space: number) => {
    if (y - space < BOTTOM) newPage();
  };
  const draw = (value: string, x: number, size: number, font: PDFFont, color: RGB = INK) =>
    page.drawText(value, { x, y, size, font, color });
  /**
   * A paragraph wrapped to the width, moving y down line by line; a short one (four lines or fewer) is kept together
   * on the next page rather than split, a long one continues there.
   */
  const paragraph = (value: string, opts: { x?: number; width?: number; size?: number; font?: PDFFont; color?: RGB } = {}) => {
    const { x = LEFT, width: w = RIGHT - LEFT, size = 10, font = regular, color = INK } = opts;
    const leading = size * 1.35;
    const lines = wrap(font, winAnsiSafe(font, value), size, w);
    if (lines.length <= 4) ensure(lines.length * leading);
    for (const l of lines) {
      ensure(leading);
      y -= leading;
      draw(l, x, size, font, color);
    }
  };
  const heading = (value: string) => {
    ensure(40);
    y -= 22;
    draw(value, LEFT, 12, bold, GREEN);
    page.drawLine({ start: { x: LEFT, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.5, color: GREEN });
    y -= 6;
  };

  // Header band, as on the receipt.
  page.drawRectangle({ x: 0, y: height - 90, width, height: 90, color: GREEN });
  page.drawText(COMPANY.name, { x: LEFT, y: height - 50, size: 24, font: bold, color: WHITE });
  page.drawText("Powering Nigeria's Future", { x: LEFT, y: height - 72, size: 10, font: regular, color: WHITE });
  const title = "INVESTMENT AGREEMENT";
  page.drawText(title, { x: RIGHT - bold.widthOfTextAtSize(title, 16), y: height - 50, size: 16, font: bold, color: WHITE });
  page.drawText(reference, { x: RIGHT - regular.widthOfTextAtSize(reference, 11), y: height - 70, size: 11, font: regular, color: WHITE });

  y = height - 120;
  draw(`Investment agreement ${reference}`, LEFT, 14, bold);
  y -= 6;
  paragraph(
    `This agreement records the investment described below, which became active on ${issuedOn}. ` +
      "It is made between the two parties named here and is subject to the risk statement that follows.",
    { color: MUTED },
  );

  // The parties, side by side.
  heading("The parties");
  const columnWidth = (RIGHT - LEFT - 30) / 2;
  const columns: [string, string[]][] = [
    [
      "The company",
      [COMPANY.legalName, `${lagos.street}, ${lagos.city}, ${lagos.region}`, `E-mail: ${COMPANY.email}`, `Phone: ${COMPANY.phone}`],
    ],
    [
      "The investor",
      [
        a.investor.legalName,
        a.investor.address,
        `${a.investor.lga} LGA, ${a.investor.state}`,
        `E-mail: ${a.investor.email}`,
        `Phone: ${a.investor.phone}`,
      ],
    ],
  ];
  const laidOut = columns.map(([label, rows]) => ({
    label,
    lines: rows.flatMap((row, i) =>
      wrap(i === 0 ? bold : regular, winAnsiSafe(regular, row), 10, columnWidth).map((text) => ({ text, font: i === 0 ? bold : regular })),
    ),
  }));
  const partyLines = Math.max(...laidOut.map((c) => c.lines.length)) + 1;
  ensure(partyLines * 13 + 4);
  const top = y;
  laidOut.forEach((column, i) => {
    const x = LEFT + i * (columnWidth + 30);
    y = top - 16;
    draw(column.label, x, 9, bold, MUTED);
    for (const l of column.lines) {
      y -= 13;
      draw(l.text, x, 10, l.font);
    }
  });
  y = top - 16 - (partyLines - 1) * 13;

  // The terms.
  heading("Terms of the investment");
  const terms: [string, string][] = [
    ["Investment tier", a.tier.name],
    ["Principal", formatKoboAsCode(a.principalKobo)],
    ["Start date", formatLagosDateLong(a.startDate)],
    ["Maturity date", formatLagosDateLong(a.maturityDate)],
    ["Tenor", months(a.tier.tenorMonths)],
    ["Distribution frequency", a.tier.distributionFrequencyLabel],
    ["Lock-up", a.tier.lockupMonths > 0 ? months(a.tier.lockupMonths) : "None"],
    ["Early redemption after lock-up", a.tier.earlyRedemption ? "Allowed" : "Not allowed"],
    ["Projected return (not guaranteed)", projectedReturn(a.tier.expectedReturnBasisPoints)],
  ];
  const valueX = LEFT + 200;
  for (const [label, value] of terms) {
    const lines = wrap(regular, winAnsiSafe(regular, value), 10, RIGHT - valueX);
    ensure(lines.length * 14 + 8);
    y -= 16;
    draw(label, LEFT, 10, bold);
    lines.forEach((l, i) => {
      if (i > 0) y -= 14;
      draw(l, valueX, 10, regular);
    });
    page.drawLine({ start: { x: LEFT, y: y - 5 }, end: { x: RIGHT, y: y - 5 }, thickness: 0.5, color: MUTED });
  }
  y -= 8;
  paragraph(PROJECTION_NOTE, { font: italic, size: 9.5 });

  // The risk statement the investor accepted on applying.
  heading("Risk statement");
  for (const p of RISK_STATEMENT) {
    y -= 3;
    paragraph(p);
  }
  y -= 6;
  paragraph(`When applying, the investor confirmed: "${RISK_ACCEPTANCE_LABEL}"`, { font: bold, size: 9.5 });

  // Who the company is.
  y -= 10;
  paragraph(a.registration, { size: 8.5, color: MUTED });

  // The footer on every page.
  const pages = pdf.getPages();
  const footer = winAnsiSafe(regular, `Reference ${reference} \u00b7 issued ${issuedOn}`);
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: LEFT, y: 52 }, end: { x: RIGHT, y: 52 }, thickness: 0.5, color: MUTED });
    p.drawText(footer, { x: LEFT, y: 38, size: 8, font: regular, color: MUTED });
    const n = `Page ${i + 1} of ${pages.length}`;
    p.drawText(n, { x: RIGHT - regular.widthOfTextAtSize(n, 8), y: 38, size: 8, font: regular, color: MUTED });
  });

  return pdf.save();
}
