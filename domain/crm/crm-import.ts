import { MAX_CSV_UPLOAD_BYTES, MAX_CSV_UPLOAD_ROWS } from "../files/csv-read";
import { INVALID_EMAIL_FORMAT, isEmailAddress } from "../messaging/email-address";
import { formatNigerianPhone, isNigerianPhone } from "../nigeria/phone";
import { normaliseEmail, normaliseTag } from "./crm";

// The CRM's bulk import (docs/product/crm.md#import): the columns it understands, each row checked, duplicates in the
// file merged. Pure, so the preview and the import read a file the same way.

export const MAX_IMPORT_BYTES = MAX_CSV_UPLOAD_BYTES;
export const MAX_IMPORT_ROWS = MAX_CSV_UPLOAD_ROWS;
export const IMPORT_BATCH_SIZE = 250;
/** The refused rows kept for the report; the count covers them all. */
export const MAX_IMPORT_ERRORS_KEPT = 1_000;

export type TImportRow = { email: string; name: string | null; phone: string | null; tags: string[] };
export type TImportError = { line: number; value: string; reason: string };
export type TPreparedImport = { rows: TImportRow[]; errors: TImportError[]; failed: number; duplicatesInFile: number };

const HEADERS = {
  email: /^(e-?mail|e-?mail address|email_address|mail)$/,
  name: /^(name|full ?name|customer ?name|contact ?name|full_name)$/,
  firstName: /^(first ?name|given ?name|first_name)$/,
  lastName: /^(last ?name|surname|family ?name|last_name)$/,
  phone: /^(phone|phone ?number|mobile|mobile ?number|telephone|tel|phone_number)$/,
  tags: /^(tags?|labels?)$/,
} as const;
export type TImportColumns = { [K in keyof typeof HEADERS]: number | null };

/** Which column holds what, from the header row; null when the file has no e-mail column. */
export function importColumns(header: string[]): TImportColumns | null {
  const clean = header.map((h) => h.trim().toLowerCase());
  const find = (re: RegExp) => {
    const i = clean.findIndex((h) => re.test(h));
    return i < 0 ? null : i;
  };
  const columns = Object.fromEntries(Object.entries(HEADERS).map(([key, re]) => [key, find(re)])) as TImportColumns;
  return columns.email === null ? null : columns;
}

const cellAt = (row: string[], i: number | null) => (i === null ? "" : (row[i] ?? "").trim());

/**
 * The rows to import from a file's rows (header first): addresses checked ("Invalid email format", counted as failed,
 * docs/product/crm.md#import), phones to +234 (a number that is not Nigerian is refused), tags written one way, and a
 * person who appears twice merged into their first row. Line numbers are the spreadsheet's (the header is line 1).
 */
export function prepareImport(rows: string[][], columns: TImportColumns): TPreparedImport {
  const byEmail = new Map<string, TImportRow>();
  const errors: TImportError[] = [];
  let failed = 0;
  let duplicatesInFile = 0;
  const refuse = (line: number, value: string, reason: string) => {
    failed++;
    if (errors.length < MAX_IMPORT_ERRORS_KEPT) errors.push({ line, value: value.slice(0, 120), reason });
  };
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    const rawEmail = cellAt(row, columns.email);
    const email = normaliseEmail(rawEmail.replace(/^mailto:/i, ""));
    if (!isEmailAddress(email)) return refuse(line, rawEmail, INVALID_EMAIL_FORMAT);
    const rawPhone = cellAt(row, columns.phone);
    if (rawPhone && !isNigerianPhone(rawPhone)) return refuse(line, rawPhone, "Phone is not a Nigerian mobile number");
    const name =
      (cellAt(row, columns.name) || [cellAt(row, columns.firstName), cellAt(row, columns.lastName)].filter(Boolean).join(" "))
        .replace(/\s+/g, " ")
        .slice(0, 100) || null;
    const tags = cellAt(row, columns.tags).split(/[,;|]/).map(normaliseTag).filter(Boolean).slice(0, 20);
    const found: TImportRow = { email, name, phone: rawPhone ? formatNigerianPhone(rawPhone) : null, tags };
    const earlier = byEmail.get(email);
    if (!earlier) return void byEmail.set(email, found);
    duplicatesInFile++;
    earlier.name ??= found.name;
    earlier.phone ??= found.phone;
    earlier.tags = [...new Set([...earlier.tags, ...found.tags])].slice(0, 20);
  });
  return { rows: [...byEmail.values()], errors, failed, duplicatesInFile };
}
