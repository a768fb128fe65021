import { and, eq, getTableColumns, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

// Removing a person's details from free text and JSON that other records keep (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data):
// every whole occurrence of their e-mail, name or phone, in any letter case, becomes "[removed]". For the few
// places where a record must stay (an audit entry, a provider's webhook, an admin alert) but need not say who.

export const REMOVED = "[removed]";

/** What identifies the person in text: the e-mail, their full names, and their phones as +234… and as 0…. */
export function personNeedles(p: { email: string; names: readonly string[]; phones: readonly string[] }): string[] {
  const needles = [p.email.trim()];
  for (const raw of p.names) {
    const name = raw.trim().replace(/\s+/g, " ");
    // A one-word or very short name would also match ordinary words: only full names of some length.
    if (name.length >= 5 && name.includes(" ")) needles.push(name);
  }
  for (const raw of p.phones) {
    const phone = raw.replace(/\s+/g, "");
    if (/^\+234\d{10}$/.test(phone)) needles.push(phone, `0${phone.slice(4)}`);
  }
  return [...new Set(needles.filter((n) => n.length >= 5 && !/["\\]/.test(n)))];
}

/** Whether an address column holds the e-mail address, whatever its letter case and the spaces around it. */
export function sameAddress(column: AnyPgColumn, email: string): SQL {
  return sql`lower(trim(${column})) = ${email.trim().toLowerCase()}`;
}

/** The rows the person left: linked to their account, or given with their e-mail address (a form, a booking). */
export function ofPerson(userIdColumn: AnyPgColumn, emailColumn: AnyPgColumn, p: { userId: string; email: string }): SQL {
  return or(eq(userIdColumn, p.userId), sameAddress(emailColumn, p.email))!;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A PostgreSQL regular expression for any of the needles as a whole (not inside a longer word or number). */
function pattern(needles: readonly string[]): string {
  return `(?<![[:alnum:]])(${needles.map(escapeRegex).join("|")})(?![[:alnum:]])`;
}

/** Whether a text (or JSON, read as text) column mentions any of the needles. */
export function mentions(column: AnyPgColumn | SQL, needles: readonly string[]): SQL {
  return sql`(${column})::text ~* ${pattern(needles)}`;
}

/** The text column with every mention replaced. */
export function erasedText(column: AnyPgColumn | SQL, needles: readonly string[]): SQL {
  return sql`regexp_replace(${column}, ${pattern(needles)}, ${REMOVED}, 'gi')`;
}

/** The JSON column with every mention inside its strings replaced (JSON stays valid: the needles hold no quotes). */
export function erasedJson(column: AnyPgColumn | SQL, needles: readonly string[]): SQL {
  return sql`(regexp_replace((${column})::text, ${pattern(needles)}, ${REMOVED}, 'gi'))::jsonb`;
}

/**
 * Replaces every mention of the needles in the given text or JSON `columns` of `table`, in the rows that mention them
 * in any of those columns (and match `where`, when given); returns how many rows changed. Each context calls it for
 * its own tables.
 */
export async function eraseMentions(
  tx: DbOrTx,
  table: PgTable,
  columns: readonly AnyPgColumn[],
  needles: readonly string[],
  where?: SQL,
): Promise<number> {
  const keys = Object.entries(getTableColumns(table));
  const set = Object.fromEntries(
    columns.map((column) => [
      keys.find(([, c]) => c === column)![0],
      column.dataType === "json" ? erasedJson(column, needles) : erasedText(column, needles),
    ]),
  );
  const changed = await tx
    .update(table)
    .set(set)
    .where(and(where, or(...columns.map((column) => mentions(column, needles)))))
    .returning({ one: sql`1` });
  return changed.length;
}
