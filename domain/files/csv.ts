// CSV files people open in a spreadsheet (statements, the audit log export). Pure, so every export writes cells
// the same way.

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) => cells.map(csvCell).join(",");

/** Lines as a file: a byte-order mark (so spreadsheets read ₦ as UTF-8) and CRLF line ends. */
export const csvDocument = (lines: string[]) => `\uFEFF${lines.join("\r\n")}\r\n`;
