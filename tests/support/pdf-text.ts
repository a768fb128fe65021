import { inflateSync } from "node:zlib";

// What a PDF viewer would show of a PDF pdf-lib wrote: each drawn line is a hex string in a (usually compressed)
// content stream, in WinAnsi, the standard fonts' encoding. For tests of the receipts, certificates and agreements.

/** Each content stream of the file, inflated when it is compressed. */
function contentStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes);
  const streams: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream", at, "latin1");
    if (start < 0) break;
    const bodyStart = start + (raw[start + 6] === 0x0d ? 8 : 7);
    const end = raw.indexOf("endstream", bodyStart, "latin1");
    if (end < 0) break;
    const body = raw.subarray(bodyStart, end);
    try {
      streams.push(inflateSync(body).toString("latin1"));
    } catch {
      streams.push(body.toString("latin1"));
    }
    at = end + 9;
  }
  return streams;
}

// WinAnsi is Latin-1 but for 0x80-0x9F (Node's TextDecoder reads "windows-1252" as plain Latin-1).
const WIN_ANSI_HIGH =
  "\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd" +
  "\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178";
const winAnsi = (hex: string) =>
  [...Buffer.from(hex, "hex")].map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_HIGH[b - 0x80]! : String.fromCharCode(b))).join("");

/** Every drawn line's text, in drawing order, joined with new lines. */
export function pdfText(bytes: Uint8Array): string {
  return contentStreams(bytes)
    .flatMap((content) => [...content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => winAnsi(m[1]!)))
    .join("\n");
}

export type TTextRun = { font: string; size: number; x: number; text: string };

/** Every drawn line with its standard font, size and left edge (for wrapping and margin checks). */
export function pdfRuns(bytes: Uint8Array): TTextRun[] {
  return contentStreams(bytes).flatMap((content) =>
    [...content.matchAll(/\/(Helvetica[A-Za-z-]*?)-\d+ ([\d.]+) Tf[^<]*?1 0 0 1 ([\d.-]+) [\d.-]+ Tm\s*<([0-9A-Fa-f]*)>\s*Tj/g)].map(
      (m) => ({
        font: m[1]!,
        size: Number(m[2]),
        x: Number(m[3]),
        text: winAnsi(m[4]!),
      }),
    ),
  );
}
