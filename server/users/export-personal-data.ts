import { desc, eq, sql } from "drizzle-orm";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";

// A person's copy of what the site holds about them (docs/product/accounts.md#your-data), under the Nigeria Data
// Protection Act's right of access. Every table with a user_id column is read, so a table added later is in the
// export without a change here; rows reached through those (an order's lines, a wallet's entries) and rows kept
// by e-mail address (contact messages, bookings, newsletter) are added explicitly. Secrets never leave: password,
// PIN and token hashes, sessions and two-factor keys.

/** Tables that hold credentials or sessions, not personal data a person can use. */
const EXCLUDED_TABLES = new Set([
  "accounts",
  "sessions",
  "two_factors",
  "two_factor_sms_codes",
  "verifications",
  "zavcharge_pin_resets",
  "zavcharge_pin_sessions",
  "rate_limits",
]);
/** Columns that are never exported, whichever table has them. */
const SECRET_COLUMN = /(^|_)(hash|secret|token|password|pin_hash|backup_codes|idempotency_key|checkout_url)$/;
/** Rows reached through a row of the person's: table -> [column, parent table]. */
const CHILD_TABLES: Record<string, [string, string]> = {
  order_items: ["order_id", "orders"],
  order_events: ["order_id", "orders"],
  payment_attempts: ["order_id", "orders"],
  refunds: ["order_id", "orders"],
  zavcharge_wallet_entries: ["account_id", "zavcharge_accounts"],
  charging_sessions: ["account_id", "zavcharge_accounts"],
  marketplace_listings: ["seller_id", "sellers"],
};
/** Rows kept by e-mail address, for what a person sent before they had an account or while signed out. */
const BY_EMAIL = ["contact_messages", "newsletter_subscribers", "service_appointments", "password_reset_audit", "campaign_recipients"];

type TRow = Record<string, unknown>;
const rowsOf = (result: unknown) => ((result as { rows?: TRow[] }).rows ?? []) as TRow[];
const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export type TPersonalData = {
  about: string;
  generatedAt: string;
  account: TRow;
  data: Record<string, TRow[]>;
  emails: TRow[];
};

export async function exportPersonalData(userId: string): Promise<TPersonalData | null> {
  const db = getDb();
  const [person] = await db.select().from(users).where(eq(users.id, userId));
  if (!person) return null;
  const columns = rowsOf(
    await db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`,
    ),
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    const table = String(c.table_name);
    if (EXCLUDED_TABLES.has(table)) continue;
    tables.set(table, [...(tables.get(table) ?? []), String(c.column_name)]);
  }
  const select = (table: string) =>
    sql.join(
      tables
        .get(table)!
        .filter((c) => !SECRET_COLUMN.test(c))
        .map(ident),
      sql`, `,
    );

  const data: Record<string, TRow[]> = {};
  const add = (table: string, rows: TRow[]) => {
    if (!rows.length) return;
    const seen = new Set((data[table] ?? []).map((r) => JSON.stringify(r)));
    data[table] = [...(data[table] ?? []), ...rows.filter((r) => !seen.has(JSON.stringify(r)))];
  };
  for (const [table, cols] of tables) {
    if (table === "users" || !cols.includes("user_id")) continue;
    add(table, rowsOf(await db.execute(sql`select ${select(table)} from ${ident(table)} where user_id = ${userId}`)));
  }
  for (const table of BY_EMAIL) {
    if (!tables.get(table)?.includes("email")) continue;
    add(table, rowsOf(await db.execute(sql`select ${select(table)} from ${ident(table)} where lower(email) = lower(${person.email})`)));
  }
  for (const [table, [column, parent]] of Object.entries(CHILD_TABLES)) {
    const parents = (data[parent] ?? []).map((r) => r.id).filter((id) => id !== undefined && id !== null);
    if (!parents.length || !tables.get(table)?.includes(column)) continue;
    const ids = sql.join(
      parents.map((id) => sql`${String(id)}`),
      sql`, `,
    );
    add(table, rowsOf(await db.execute(sql`select ${select(table)} from ${ident(table)} where ${ident(column)}::text in (${ids})`)));
  }
  // What we e-mailed or texted them: when and about what, not the bodies (old links in them are not for sharing).
  const emails = await db
    .select({
      channel: outbox.channel,
      kind: outbox.kind,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(sql`lower(${outbox.recipient}) = lower(${person.email})`)
    .orderBy(desc(outbox.id))
    .limit(5000);
  const account: TRow = { ...person };
  for (const key of Object.keys(account)) if (SECRET_COLUMN.test(key)) delete account[key];
  return {
    about:
      "Everything Zavolah holds about you, as of generatedAt (UTC). Amounts ending in _kobo are kobo (100 kobo = ₦1). For corrections, write to privacy@zavolah.ng; to delete your account, use “Delete my account” on your account page.",
    generatedAt: new Date().toISOString(),
    account,
    data,
    emails,
  };
}

/** The export as a file: indented JSON, with PostgreSQL's 64-bit numbers as plain numbers (kobo fit easily). */
export const personalDataJson = (data: TPersonalData) =>
  JSON.stringify(data, (_key, value: unknown) => (typeof value === "bigint" ? Number(value) : value), 2);
