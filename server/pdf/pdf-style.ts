import { rgb, type PDFFont } from "pdf-lib";

// The look the PDFs we hand out share (receipts, ZavCharge statements, certificates, investment agreements and
// statements): Zavolah green, ink and muted grey text, light rules, on A4.

export const GREEN = rgb(0.02, 0.37, 0.27);
export const INK = rgb(0.12, 0.16, 0.22);
export const MUTED = rgb(0.42, 0.45, 0.5);
export const LINE = rgb(0.85, 0.87, 0.9);
export const WHITE = rgb(1, 1, 1);

/** A4 portrait, in points (reversed for landscape). */
export const A4: [number, number] = [595.28, 841.89];

/** The longest start of `text` (already in the font's encoding) that fits the width at this size, with an ellipsis when cut. */
export function fitWidth(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}...`;
}
