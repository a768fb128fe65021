// npm run bench:backup
// Backups at size: the demo seed plus BENCH_ORDERS orders (100,000 by default, copies of a seeded order and its
// lines), backed up and restored on the embedded database (a data folder on disk, as `npm start` keeps it) and on
// PostgreSQL; then the site's requests per second on the store page outside a backup and while one runs, served by
// the built server (`npm run build` first) on that data folder. A report, not a test: it prints the figures.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { askRunningServer } from "../server/backups/backup-control";
import { createBackup } from "../server/backups/create-backup";
import { restoreBackup } from "../server/backups/restore-backup";
import { SIGNING_SECRET_FILE } from "../server/auth/signing-secret";
import { openPglite, openPostgres, setDbHandle, type DbHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { seedDemo } from "../server/db/seed/seed-demo";
import { useThrowawaySecret } from "./throwaway-secret";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const PORT = 3870 + Math.floor(Math.random() * 50);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type TRows<T> = { rows?: T[] };
const rows = async <T>(handle: DbHandle, q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as TRows<T>).rows ?? [];

/** The columns a copied row is given (identity and generated columns are the database's own). */
async function columns(handle: DbHandle, table: string): Promise<string[]> {
  return (
    await rows<{ c: string }>(
      handle,
      sql`select column_name as c from information_schema.columns where table_schema = 'public' and table_name = ${table}
        and is_identity = 'NO' and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((r) => r.c);
}

/** Copies one seeded order and its first two lines ORDERS times, in batches. */
async function addOrders(handle: DbHandle) {
  const orderCols = await columns(handle, "orders");
  const itemCols = await columns(handle, "order_items");
  const [template] = await rows<{ id: string }>(
    handle,
    sql`select o.id from orders o where (select count(*) from order_items i where i.order_id = o.id) >= 1 order by o.created_at limit 1`,
  );
  const pick = (cols: string[], over: Record<string, string>) => cols.map((c) => over[c] ?? `"${c}"`).join(", ");
  const list = (cols: string[]) => cols.map((c) => `"${c}"`).join(", ");
  const BATCH = 10_000;
  for (let from = 0; from < ORDERS; from += BATCH) {
    const to = Math.min(ORDERS, from + BATCH);
    await handle.db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `insert into orders (${list(orderCols)}) select ${pick(orderCols, {
            id: "gen_random_uuid()",
            checkout_key: "'bench-' || g",
            imported_reference: "null",
            created_at: "now() - (g || ' minutes')::interval",
          })} from orders, generate_series(${from + 1}, ${to}) g where orders.id = '${template!.id}'`,
        ),
      );
      const itemValues = itemCols.map((c) => (c === "order_id" ? "n.id" : `i."${c}"`)).join(", ");
      await tx.execute(
        sql.raw(`insert into order_items (${list(itemCols)}) select ${itemValues}
          from (select * from order_items where order_id = '${template!.id}' order by id limit 2) i
          cross join (select id from orders where checkout_key in (select 'bench-' || g from generate_series(${from + 1}, ${to}) g)) n`),
      );
    });
  }
  const [count] = await rows<{ orders: number; items: number }>(
    handle,
    sql`select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items`,
  );
  return count!;
}

async function prepare(handle: DbHandle) {
  setDbHandle(handle);
  await migrateDatabase(handle);
  await seedDemo();
  const started = Date.now();
  const count = await addOrders(handle);
  console.log(
    `  ${count.orders.toLocaleString("en-NG")} orders, ${count.items.toLocaleString("en-NG")} lines (added in ${s(Date.now() - started)})`,
  );
}

async function backUpAndRestore(label: string, handle: DbHandle, dataDir: string, restoreUrl: string | undefined) {
  const made = await createBackup({
    handle,
    dataDir,
    backupDir: join(dataDir, "..", `${label}-backups`),
    passphrase: "bench passphrase, kept in the vault",
    configuredSecret: undefined,
  });
  console.log(`  backup: ${s(made.durationMs)}, ${mb(made.bytes)} (encrypted, checked)`);
  const target = mkdtempSync(join(tmpdir(), "zavolah-bench-restore-"));
  const started = Date.now();
  const restored = await restoreBackup({
    file: made.file,
    passphrase: "bench passphrase, kept in the vault",
    dataDir: target,
    databaseUrl: restoreUrl,
    configuredSecret: undefined,
  });
  console.log(`  restore: ${s(Date.now() - started)} (${restored.rows.toLocaleString("en-NG")} rows)`);
  rmSync(target, { recursive: true, force: true });
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url, connections: 8, duration: SECONDS });
  return result.requests.average;
}

/** The built server on the data folder: requests per second on /store without a backup, then during back-to-back ones. */
async function siteDuringBackups(dataDir: string) {
  const { DATABASE_URL: _onPostgres, ...inherited } = process.env;
  const server = spawn(process.execPath, ["--import", "./server/react-router-production.mjs", "build/main/main.js"], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      SEED_DEMO: "0",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      MQTT_PORT: "0",
      LOG_LEVEL: "warn",
      POWER_SIMULATOR: "0",
      BACKUP_KEY: "bench passphrase, kept in the vault",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; i < 120; i++) {
      const ready = await fetch(`http://localhost:${PORT}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const url = `http://localhost:${PORT}/store`;
    await requestsPerSecond(url); // warm-up
    const quiet = await requestsPerSecond(url);
    let backups = 0;
    let backingUp = true;
    const loop = (async () => {
      while (backingUp) {
        await askRunningServer(dataDir);
        backups++;
      }
    })();
    const busy = await requestsPerSecond(url);
    backingUp = false;
    await loop;
    console.log(
      `  /store: ${quiet.toFixed(0)} requests/s without a backup, ${busy.toFixed(0)} while backups ran (${backups} back to back in ${SECONDS} s)`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

async function main() {
  useThrowawaySecret();
  console.log(`Backups of the demo seed plus ${ORDERS.toLocaleString("en-NG")} orders`);
  const work = mkdtempSync(join(tmpdir(), "zavolah-bench-backup-"));
  try {
    console.log("PGlite (data folder on disk)");
    const dataDir = join(work, "site");
    const lite = await openPglite(dataDir);
    writeFileSync(join(dataDir, SIGNING_SECRET_FILE), randomBytes(48).toString("base64url"));
    await prepare(lite);
    await backUpAndRestore("pglite", lite, dataDir, undefined);
    await lite.close();
    if (process.argv.includes("--site")) await siteDuringBackups(dataDir);

    const pg = await import("pg");
    const admin = new pg.default.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
    } catch {
      console.log("PostgreSQL skipped: no server answers");
      return;
    }
    const names = [`zavolah_bench_${randomBytes(4).toString("hex")}`, `zavolah_bench_${randomBytes(4).toString("hex")}`];
    for (const name of names) await admin.query(`create database ${name}`);
    const urlOf = (name: string) => Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
    try {
      console.log("PostgreSQL");
      const handle = await openPostgres(urlOf(names[0]!));
      await prepare(handle);
      await backUpAndRestore("postgres", handle, dataDir, urlOf(names[1]!));
      await handle.close();
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
