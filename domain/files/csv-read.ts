// Reading CSV people export from spreadsheets and old systems (RFC 4180: quoted cells may hold commas, quotes and line
// breaks). Pure, so the CRM import and the data migration read files the same way.

export type TCsvProblem = "unterminated-quote" | "binary";

/** The largest CSV a person may upload to an import (the CRM's lists, the data migration), and its most rows. */
export const MAX_CSV_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_CSV_UPLOAD_ROWS = 20_000;

/** The delimiter of the first line: comma, semicolon (European spreadsheets) or tab, whichever appears most. */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = ([",", ";", "\t"] as const).map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/**
 * The rows of a CSV text (a leading byte-order mark dropped; blank lines skipped). Refuses text with NUL bytes (a binary
 * file renamed .csv) and a quote left open at the end.
 */
export function readCsv(text: string): { rows: string[][] } | { problem: TCsvProblem } {
  if (text.includes("\u0000")) return { problem: "binary" };
  const src = text.replace(/^\uFEFF/, "");
  const delimiter = detectDelimiter(src);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0]!.trim() !== "") rows.push(row);
    row = [];
    cell = "";
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      endRow();
      if (ch === "\r" && src[i + 1] === "\n") i++;
    } else cell += ch;
    i++;
  }
  if (quoted) return { problem: "unterminated-quote" };
  if (cell !== "" || row.length > 0) endRow();
  return { rows };
}

export type TCsvTable = { header: string[]; body: string[][] };

/**
 * An uploaded file as a header and the rows under it, or the sentence that says why it cannot be read as a whole: not
 * text, a quote left open, a header the caller cannot use (`headerProblem`), no rows, or more than `maxRows` rows.
 */
export function readCsvTable(
  text: string,
  { maxRows = MAX_CSV_UPLOAD_ROWS, headerProblem }: { maxRows?: number; headerProblem?: (header: string[]) => string | null } = {},
): TCsvTable | { problem: string } {
  const read = readCsv(text);
  if ("problem" in read)
    return {
      problem:
        read.problem === "binary"
          ? "This is not a CSV text file: export it from your spreadsheet as CSV UTF-8"
          : "A quotation mark is left open, so the rows cannot be told apart: check the file in a spreadsheet",
    };
  const [header = [], ...body] = read.rows;
  const bad = headerProblem?.(header);
  if (bad) return { problem: bad };
  if (body.length === 0) return { problem: "The file has no rows under its header" };
  if (body.length > maxRows) return { problem: `At most ${maxRows.toLocaleString("en-NG")} rows at a time: split the file` };
  return { header, body };
}
