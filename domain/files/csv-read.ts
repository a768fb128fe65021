// Reading CSV people export from spreadsheets and old systems (RFC 4180: quoted cells may hold commas, quotes and line
// breaks). Pure, so the CRM import and the data migration read files the same way.

export type TCsvProblem = "unterminated-quote" | "binary";

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
