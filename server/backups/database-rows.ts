import { sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client";
import type { TMigrationLevel, TTableEntry } from "./backup-archive";

// The database in a backup is its rows, read table by table as JSON inside one read-only snapshot (docs/operations.md
// #backups), not a copy of the engine's files: the same backup restores into the embedded database or PostgreSQL, of
// this version or a later one, since the schema comes from the migrations and only the rows from the backup.

/** Rows per part of a table in the backup: a part is read and restored in one piece. */
export const ROWS_PER_PART = 5000;

type TRows<T> = { rows?: T[] };
const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => ((await db.execute(query)) as TRows<T>).rows ?? [];
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public tables, each after the tables it refers to, so rows restore in this order without breaking a reference. */
export async function tablesInLoadOrder(db: DbOrTx): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((t) => t.name);
  const references = await rowsOf<{ from: string; to: string }>(
    db,
    sql`select c.relname as "from", r.relname as "to" from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { from, to } of references) needs.get(from)?.add(to);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...needs.get(t)!].every((n) => placed.has(n)));
    if (ready.length === 0) throw new Error(`Tables refer to each other in a circle: ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

/** How far the database's schema has been migrated (drizzle's own record of the migrations applied). */
export async function migrationLevel(db: DbOrTx): Promise<TMigrationLevel> {
  const applied = await rowsOf<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const last = applied.at(-1);
  return { count: applied.length, lastHash: last?.hash ?? null, lastCreatedAt: last ? Number(last.created_at) : null };
}

export type TDumpedTable = TTableEntry;

/** The backups' own history stays out: a restored site starts its own, with no backup "running" from before. */
const NOT_BACKED_UP = new Set(["backups"]);

/**
 * Reads every table's rows in one read-only, repeatable-read transaction (one snapshot: an order is in the backup
 * with all its lines or not at all), handing each part of up to ROWS_PER_PART rows to `onPart` as lines of JSON.
 */
export async function dumpRows(
  db: Db,
  onPart: (name: string, ndjson: Buffer) => Promise<void>,
  /** Told as each table begins, for a progress bar. */
  onTable?: (index: number, count: number) => void,
): Promise<{ tables: TDumpedTable[]; sequences: { name: string; lastValue: string | null }[]; migrations: TMigrationLevel }> {
  return db.transaction(
    async (tx) => {
      const migrations = await migrationLevel(tx);
      const tables: TDumpedTable[] = [];
      const names = (await tablesInLoadOrder(tx)).filter((t) => !NOT_BACKED_UP.has(t));
      for (const [index, table] of names.entries()) {
        onTable?.(index, names.length);
        const entry: TDumpedTable = { name: table, rows: 0, parts: [] };
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${quoted(table)} t`));
        for (;;) {
          const rows = await rowsOf<{ row: string }>(tx, sql.raw(`fetch forward ${ROWS_PER_PART} from backup_rows`));
          if (rows.length === 0) break;
          const name = `database/${String(index).padStart(3, "0")}-${table}-${String(entry.parts.length).padStart(4, "0")}.ndjson`;
          await onPart(name, Buffer.from(rows.map((r) => r.row).join("\n") + "\n"));
          entry.parts.push(name);
          entry.rows += rows.length;
        }
        await tx.execute(sql.raw("close backup_rows"));
        tables.push(entry);
      }
      const sequences = (
        await rowsOf<{ name: string; last_value: string | number | null }>(
          tx,
          sql`select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by sequencename`,
        )
      ).map((s) => ({ name: s.name, lastValue: s.last_value === null ? null : String(s.last_value) }));
      return { tables, sequences, migrations };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** The columns a row may be given (generated columns are computed by the database). */
async function insertableColumns(db: DbOrTx, table: string): Promise<string[]> {
  return (
    await rowsOf<{ name: string }>(
      db,
      sql`select attname as name from pg_attribute where attrelid = ${quoted(table)}::regclass and attnum > 0
        and not attisdropped and attgenerated = '' order by attnum`,
    )
  ).map((c) => c.name);
}

/** Inserts one part's rows (lines of JSON) into `table`, keeping their ids. */
export async function loadPart(tx: DbOrTx, table: string, ndjson: string, columnsCache: Map<string, string[]>) {
  let columns = columnsCache.get(table);
  if (!columns) {
    columns = await insertableColumns(tx, table);
    columnsCache.set(table, columns);
  }
  const list = columns.map(quoted).join(", ");
  const rows = `[${ndjson.trimEnd().split("\n").join(",")}]`;
  await tx.execute(
    sql`${sql.raw(`insert into ${quoted(table)} (${list}) overriding system value select ${list} from jsonb_populate_recordset(null::${quoted(table)}, `)}${rows}::jsonb)`,
  );
}

/** Empties every public table: the migrations that built the schema may have put rows in (a plan, a setting). */
export async function emptyTables(tx: DbOrTx) {
  const tables = await tablesInLoadOrder(tx);
  if (tables.length > 0) await tx.execute(sql.raw(`truncate table ${tables.map(quoted).join(", ")}`));
}

/** Puts each sequence back where the backup found it, so the next order number follows the last one restored. */
export async function restoreSequences(tx: DbOrTx, sequences: { name: string; lastValue: string | null }[]) {
  for (const s of sequences) {
    if (s.lastValue === null) continue;
    await tx.execute(sql`select setval(${quoted(s.name)}::regclass, ${s.lastValue}::bigint, true)`);
  }
}

/** The public tables that hold at least one row (a restore goes only into an empty database). */
export async function tablesWithRows(db: DbOrTx): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesInLoadOrder(db)) {
    const rows = await rowsOf<{ any: boolean }>(db, sql.raw(`select exists (select 1 from ${quoted(table)}) as any`));
    if (rows[0]?.any) found.push(table);
  }
  return found;
}
