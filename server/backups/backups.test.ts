import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserHeaders, cookieFrom } from "../../tests/support/requests";
import { useTestDatabase } from "../../tests/support/test-database";
import { SIGNING_SECRET_FILE } from "../auth/signing-secret";
import { signIn } from "../auth/sign-in";
import { getViewer } from "../auth/viewer";
import { getDbHandle, openPglite, openPostgres, setDbHandle, type DbHandle } from "../db/client";
import { knownMigrations, migrateDatabase } from "../db/migrate";
import { DEMO_PASSWORD } from "../db/seed/demo-data";
import { seedDemo } from "../db/seed/seed-demo";
import { DEMO_CHARGER_PASSWORD } from "../db/seed/zavcharge-data";
import { env } from "../env";
import { authenticateCharger } from "../zavcharge/chargers/authenticate-charger";
import { writeArchive } from "./backup-archive";
import { askRunningServer, listenForBackupRequests } from "./backup-control";
import { BackupKeyError, DamagedBackupError } from "./backup-encryption";
import { createBackup } from "./create-backup";
import { tablesInLoadOrder } from "./database-rows";
import { makeUser, placeSeededOrder, setOnHand, variantBySku } from "../../tests/support/store-fixtures";
import { createTestDriver } from "../../tests/support/zavcharge-fixtures";
import { postWalletEntry } from "../zavcharge/wallet/post-wallet-entry";
import { restoreBackup, RestoreRefusedError } from "./restore-backup";

// Backups count only once restored (docs/operations.md#backups): the demo site, with orders in every state, wallets,
// referral and investment ledgers, certificates and uploaded files, is backed up and restored into an empty folder
// (on CI's PostgreSQL pass, an empty PostgreSQL database), and every table, sequence and file comes back identical.

useTestDatabase();

const KEY = "correct horse battery staple, Ibadan 2026";
const work = mkdtempSync(join(tmpdir(), "zavolah-backups-"));
const backupDir = join(work, "backups");
const emptyDatabases: string[] = [];

/** An empty database to restore into: a new PostgreSQL database on the PostgreSQL pass, else nothing (a folder). */
async function emptyDatabaseUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const pg = await import("pg");
  const name = `zavolah_restore_${randomBytes(5).toString("hex")}`;
  const admin = new pg.default.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  emptyDatabases.push(name);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

const openRestored = (dataDir: string, databaseUrl: string | undefined) => (databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir));

/** Each table's row count and a digest of all its rows; each sequence's position. */
async function contents(handle: DbHandle) {
  const tables: Record<string, string> = {};
  for (const table of await tablesInLoadOrder(handle.db)) {
    const result = (await handle.db.execute(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(r, ',' order by r), '')) as digest from (select to_jsonb(t)::text as r from "${table}" t) x`,
      ),
    )) as { rows: { n: number; digest: string }[] };
    tables[table] = `${result.rows[0]!.n} ${result.rows[0]!.digest}`;
  }
  const sequences = (
    (await handle.db.execute(sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`)) as {
      rows: unknown[];
    }
  ).rows;
  return { tables, sequences };
}

/** Every file under `dir` but the database and the lock, with its hash. */
function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (d === dir && ["pglite", "zavolah.lock"].includes(name)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

let sessionCookie: string;
let original: DbHandle;

beforeAll(async () => {
  original = getDbHandle();
  // A data folder of this file's own: the worker's folder is shared with the files that run after this one.
  (env as { DATA_DIR: string }).DATA_DIR = join(work, "site");
  await seedDemo();
  // The data folder as a site keeps it: its signing secret, an investor's identity document, a seller's photo.
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(join(env.DATA_DIR, SIGNING_SECRET_FILE), randomBytes(48).toString("base64url"));
  mkdirSync(join(env.DATA_DIR, "investments", "ids"), { recursive: true });
  writeFileSync(join(env.DATA_DIR, "investments", "ids", "adaeze-nin.pdf"), randomBytes(70_000));
  mkdirSync(join(env.DATA_DIR, "uploads", "avatars"), { recursive: true });
  writeFileSync(join(env.DATA_DIR, "uploads", "avatars", "tunde.webp"), randomBytes(3_000));
  const signedIn = await signIn("customer@zavolah.ng", DEMO_PASSWORD, "10.30.0.1", browserHeaders());
  sessionCookie = cookieFrom((signedIn as { headers: Headers }).headers);
}, 120_000);

afterAll(async () => {
  setDbHandle(original);
  rmSync(work, { recursive: true, force: true });
  if (process.env.DATABASE_URL && emptyDatabases.length > 0) {
    const pg = await import("pg");
    const admin = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    for (const name of emptyDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

describe("a backup and its restore", () => {
  it("bring back every row, sequence and file; the customer's session and the demo chargers still work", async () => {
    const backup = await createBackup({ handle: original, dataDir: env.DATA_DIR, backupDir, passphrase: KEY, configuredSecret: undefined });
    expect(backup.file).toMatch(/zavolah-\d{8}T\d{6}Z\.tar\.gz\.sealed$/);
    expect(backup.manifest.tables.find((t) => t.name === "orders")!.rows).toBeGreaterThan(3);

    const target = join(work, "restored");
    const databaseUrl = await emptyDatabaseUrl();
    const restored = await restoreBackup({ file: backup.file, passphrase: KEY, dataDir: target, databaseUrl, configuredSecret: undefined });
    expect(restored).toMatchObject({ migratedFrom: knownMigrations().length, migratedTo: knownMigrations().length, warnings: [] });

    const handle = await openRestored(target, databaseUrl);
    try {
      expect(await contents(handle)).toEqual(await contents(original));
      expect(fileHashes(target)).toEqual(fileHashes(env.DATA_DIR));
      setDbHandle(handle);
      const viewer = await getViewer(new Request("http://localhost/", { headers: browserHeaders(sessionCookie) }));
      expect(viewer?.email).toBe("customer@zavolah.ng");
      expect(await authenticateCharger("ZAV-CP-001", DEMO_CHARGER_PASSWORD)).not.toBeNull();
    } finally {
      setDbHandle(original);
      await handle.close();
    }
  }, 120_000);

  it("restore a backup of an older version, then migrate it forward", async () => {
    const level = knownMigrations().length - 1;
    const old = await openPglite(undefined);
    const oldData = join(work, "old-site");
    mkdirSync(oldData, { recursive: true });
    writeFileSync(join(oldData, SIGNING_SECRET_FILE), randomBytes(48).toString("base64url"));
    try {
      await migrateDatabase(old, { upTo: level });
      await old.db.execute(
        sql`insert into users (id, name, email, email_verified, role) values ('u-old-1', 'Ngozi Eze', 'ngozi@example.ng', true, 'customer')`,
      );
      const backup = await createBackup({
        handle: old,
        dataDir: oldData,
        backupDir: join(work, "old-backups"),
        passphrase: undefined,
        configuredSecret: undefined,
      });
      expect(backup.manifest.migrations.count).toBe(level);
      const target = join(work, "from-old");
      const databaseUrl = await emptyDatabaseUrl();
      const restored = await restoreBackup({
        file: backup.file,
        passphrase: undefined,
        dataDir: target,
        databaseUrl,
        configuredSecret: undefined,
      });
      expect([restored.migratedFrom, restored.migratedTo]).toEqual([level, level + 1]);
      const handle = await openRestored(target, databaseUrl);
      const found = (await handle.db.execute(sql`select name from users where id = 'u-old-1'`)) as { rows: { name: string }[] };
      const applied = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
        rows: { n: number }[];
      };
      await handle.close();
      expect(found.rows).toEqual([{ name: "Ngozi Eze" }]);
      expect(applied.rows[0]!.n).toBe(level + 1);
    } finally {
      await old.close();
    }
  }, 120_000);
});

describe("a backup taken while people buy and charge", () => {
  /** Orders without their lines, or whose lines do not add up to their subtotal; wallets that differ from their ledger. */
  async function brokenLedgers(handle: DbHandle) {
    const rows = async (q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as { rows: { n: number }[] }).rows[0]!.n;
    return {
      ordersWithoutLines: await rows(
        sql`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
      ),
      ordersNotAddingUp: await rows(
        sql`select count(*)::int as n from orders o where o.subtotal_kobo <> (select sum(i.line_total_kobo) from order_items i where i.order_id = o.id)`,
      ),
      walletsOffTheirLedger: await rows(
        sql`select count(*)::int as n from zavcharge_accounts a where a.balance_kobo <> coalesce((select sum(e.amount_kobo) from zavcharge_wallet_entries e where e.account_id = a.id), 0)`,
      ),
    };
  }

  it("restores to a moment where every order is whole and every wallet matches its ledger", async () => {
    const buyer = await makeUser("customer", "Chiamaka Nwosu");
    const driver = await createTestDriver({ balanceKobo: 50_000_000, name: "Emeka Obi" });
    await setOnHand((await variantBySku("SOLAR-LIGHTING-KIT")).id, 10_000);
    let running = true;
    let placed = 0;
    let charged = 0;
    let begun = () => {};
    const underWay = new Promise<void>((resolve) => (begun = resolve));
    const tally = () => placed >= 2 && charged >= 2 && begun();
    // Checkouts and charging sessions' settlements, one after another each, for as long as the backup runs.
    const buying = (async () => {
      while (running && placed < 25) {
        await placeSeededOrder(buyer, { lines: [{ sku: "SOLAR-LIGHTING-KIT", quantity: 1 }] });
        placed++;
        tally();
      }
    })();
    const charging = (async () => {
      while (running && charged < 50) {
        await original.db.transaction((tx) =>
          postWalletEntry(tx, {
            accountId: driver.accountId,
            kind: "charging",
            amountKobo: -12_500,
            reference: `backup-test-session:${charged}`,
            description: "Charging session, 0.5 kWh",
          }),
        );
        charged++;
        tally();
      }
    })();
    let made: Awaited<ReturnType<typeof createBackup>>;
    try {
      // Some of each before the snapshot is taken, so it falls among them.
      await underWay;
      made = await createBackup({
        handle: original,
        dataDir: env.DATA_DIR,
        backupDir: join(work, "busy"),
        passphrase: undefined,
        configuredSecret: undefined,
      });
    } finally {
      running = false;
      await Promise.all([buying, charging]);
    }
    expect(await brokenLedgers(original)).toEqual({ ordersWithoutLines: 0, ordersNotAddingUp: 0, walletsOffTheirLedger: 0 });

    const target = mkdtempSync(join(work, "busy-target-"));
    const databaseUrl = await emptyDatabaseUrl();
    await restoreBackup({ file: made.file, passphrase: undefined, dataDir: target, databaseUrl, configuredSecret: undefined });
    const handle = await openRestored(target, databaseUrl);
    try {
      expect(await brokenLedgers(handle)).toEqual({ ordersWithoutLines: 0, ordersNotAddingUp: 0, walletsOffTheirLedger: 0 });
      const ordersOf = (await handle.db.execute(sql`select count(*)::int as n from orders where user_id = ${buyer.id}`)) as {
        rows: { n: number }[];
      };
      expect(ordersOf.rows[0]!.n).toBeGreaterThan(1);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe("a backup of the previous release", () => {
  // tests/fixtures/backups/previous-release.tar.gz.sealed: the demo seed backed up by the release before the backups
  // table (commit 97d5143, 43 migrations, format 1), sealed with this passphrase. When the format changes, the old
  // fixture stays and proves the new code still reads it (docs/operations.md#backups).
  const FIXTURE = join(import.meta.dirname, "../../tests/fixtures/backups/previous-release.tar.gz.sealed");
  const FIXTURE_KEY = "previous release fixture passphrase 2026";

  it("restores into this version, migrated forward, with its people, orders, files and signing secret", async () => {
    const target = mkdtempSync(join(work, "previous-"));
    const databaseUrl = await emptyDatabaseUrl();
    const restored = await restoreBackup({
      file: FIXTURE,
      passphrase: FIXTURE_KEY,
      dataDir: target,
      databaseUrl,
      configuredSecret: undefined,
    });
    expect(restored.migratedFrom).toBe(43);
    expect(restored.migratedTo).toBe(knownMigrations().length);
    expect(restored.files).toBe(1);
    const handle = await openRestored(target, databaseUrl);
    try {
      const admin = (await handle.db.execute(sql`select name from users where email = 'admin@zavolah.ng'`)) as { rows: { name: string }[] };
      expect(admin.rows).toEqual([{ name: "Adaeze Okonkwo" }]);
      const orders = (await handle.db.execute(sql`select count(*)::int as n from orders`)) as { rows: { n: number }[] };
      expect(orders.rows[0]!.n).toBeGreaterThan(0);
      // The migrations after it ran: this version's tables are there, empty.
      const kept = (await handle.db.execute(sql`select count(*)::int as n from backups`)) as { rows: { n: number }[] };
      expect(kept.rows[0]!.n).toBe(0);
    } finally {
      await handle.close();
    }
    expect(readFileSync(join(target, "uploads", "avatars", "kemi.webp"), "utf8")).toContain("fixture avatar of Kemi Adebayo");
    expect(readFileSync(join(target, SIGNING_SECRET_FILE), "utf8")).toBe("previous-release-signing-secret-for-the-backup-fixture-0001");
  }, 120_000);
});

describe("npm run backup", () => {
  it("asks the server that holds the data folder, through the folder's socket; with none there, it is told so", async () => {
    expect(await askRunningServer(env.DATA_DIR)).toBeNull();
    (env as { BACKUP_DIR?: string }).BACKUP_DIR = join(work, "asked");
    const stop = await listenForBackupRequests();
    try {
      const summary = await askRunningServer(env.DATA_DIR);
      expect(summary).toMatchObject({ encrypted: false, file: expect.stringContaining(join(work, "asked")) });
      expect(readdirSync(join(work, "asked"))).toEqual([basename(summary!.file)]);
    } finally {
      await stop();
    }
    expect(await askRunningServer(env.DATA_DIR)).toBeNull();
  }, 60_000);
});

describe("a restore refuses", () => {
  let sealed: string;
  let plain: string;
  beforeAll(async () => {
    sealed = (
      await createBackup({
        handle: original,
        dataDir: env.DATA_DIR,
        backupDir: join(work, "b2"),
        passphrase: KEY,
        configuredSecret: undefined,
      })
    ).file;
    plain = (
      await createBackup({
        handle: original,
        dataDir: env.DATA_DIR,
        backupDir: join(work, "b3"),
        passphrase: undefined,
        configuredSecret: undefined,
      })
    ).file;
  }, 120_000);

  const restoreInto = async (file: string, passphrase: string | undefined, extra: Partial<Parameters<typeof restoreBackup>[0]> = {}) => {
    const target = mkdtempSync(join(work, "target-"));
    const attempt = restoreBackup({ file, passphrase, dataDir: target, databaseUrl: undefined, configuredSecret: undefined, ...extra });
    return { attempt, target };
  };

  it("an encrypted backup without its key or with another, and writes nothing", async () => {
    const none = await restoreInto(sealed, undefined);
    await expect(none.attempt).rejects.toThrow(BackupKeyError);
    await expect((await restoreInto(sealed, undefined)).attempt).rejects.toThrow(/set BACKUP_KEY/);
    const wrong = await restoreInto(sealed, "another passphrase of enough length");
    await expect(wrong.attempt).rejects.toThrow(/BACKUP_KEY does not open this backup/);
    expect(readdirSync(wrong.target)).toEqual([]);
  });

  it("a changed byte, a file cut short and a file that is no backup, each with its reason", async () => {
    for (const [file, reason] of [
      [sealed, /part \d+ does not match its seal/],
      [plain, /damaged|checksum/],
    ] as const) {
      const bytes = readFileSync(file);
      const changed = join(work, `changed-${Date.now()}`);
      const copy = Buffer.from(bytes);
      copy[Math.floor(copy.length / 2)]! ^= 0x40;
      writeFileSync(changed, copy);
      const attempt = await restoreInto(changed, KEY);
      await expect(attempt.attempt).rejects.toThrow(DamagedBackupError);
      await expect((await restoreInto(changed, KEY)).attempt).rejects.toThrow(reason);
      expect(readdirSync(attempt.target)).toEqual([]);
      const cut = join(work, `cut-${Date.now()}`);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
      await expect((await restoreInto(cut, KEY)).attempt).rejects.toThrow(/cut short|damaged/);
    }
    const foreign = join(work, "holiday.jpg");
    writeFileSync(foreign, randomBytes(5000));
    await expect((await restoreInto(foreign, KEY)).attempt).rejects.toThrow("This file is not a Zavolah backup.");
  });

  it("a folder that holds a database or files, saying which", async () => {
    const { attempt, target } = await restoreInto(plain, undefined);
    await attempt;
    await expect(
      restoreBackup({ file: plain, passphrase: undefined, dataDir: target, databaseUrl: undefined, configuredSecret: undefined }),
    ).rejects.toThrow(/already holds files of a site .*restore into an empty folder/);
    const onlyDatabase = mkdtempSync(join(work, "db-only-"));
    mkdirSync(join(onlyDatabase, "pglite"));
    writeFileSync(join(onlyDatabase, "pglite", "PG_VERSION"), "18");
    await expect(
      restoreBackup({ file: plain, passphrase: undefined, dataDir: onlyDatabase, databaseUrl: undefined, configuredSecret: undefined }),
    ).rejects.toThrow(/already holds a database/);
  }, 60_000);

  it("a backup of a newer version, and one made with a signing secret kept apart, without that secret", async () => {
    const newer = join(work, "newer.tar.gz");
    await writeArchive(newer, undefined, async () => ({
      createdAt: new Date().toISOString(),
      engine: "pglite",
      migrations: { count: knownMigrations().length + 3, lastHash: "f".repeat(64), lastCreatedAt: Date.now() },
      tables: [],
      sequences: [],
      signingSecret: { kept: "in backup" },
    }));
    await expect((await restoreInto(newer, undefined)).attempt).rejects.toThrow(/made by a newer version of the site/);

    const secret = randomBytes(40).toString("base64url");
    const apart = await createBackup({
      handle: original,
      dataDir: env.DATA_DIR,
      backupDir: join(work, "b4"),
      passphrase: undefined,
      configuredSecret: secret,
    });
    await expect((await restoreInto(apart.file, undefined)).attempt).rejects.toThrow(/set BETTER_AUTH_SECRET to the same value/);
    await expect((await restoreInto(apart.file, undefined, { configuredSecret: `${secret}x` })).attempt).rejects.toThrow(
      RestoreRefusedError,
    );
    const same = await restoreInto(apart.file, undefined, { configuredSecret: secret });
    await same.attempt;
    expect(readdirSync(same.target)).not.toContain(SIGNING_SECRET_FILE);
  }, 60_000);
});
