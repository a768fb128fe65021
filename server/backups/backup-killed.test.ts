import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadSigningSecret } from "../auth/signing-secret";
import { openPglite, setDbHandle, type DbHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDemo } from "../db/seed/seed-demo";
import { env } from "../env";
import { readArchive } from "./backup-archive";
import { getBackupsOverview } from "./get-backups-overview";
import { backupFolder, endCutOffBackups, runBackup, startBackup } from "./run-backup";
import { backups } from "./schema";

// The server killed (SIGKILL) in the middle of a backup (docs/operations.md#backups): what it was writing is never
// kept as a good backup, the backup is recorded as cut off, and the next one succeeds. The embedded site, on a data
// folder on disk, as `npm start` keeps it, backed up by a separate process that is killed while it writes.

const work = mkdtempSync(join(tmpdir(), "zavolah-backup-killed-"));
const dataDir = join(work, "site");
let handle: DbHandle;

beforeAll(async () => {
  (env as { DATA_DIR: string }).DATA_DIR = dataDir;
  (env as { NODE_ENV: string }).NODE_ENV = "development"; // the folder keeps its own signing secret, as `npm start` does
  loadSigningSecret();
  handle = await openPglite(dataDir);
  setDbHandle(handle);
  await migrateDatabase(handle);
  await seedDemo();
  // Enough rows that the backup is still being written when it is killed: 200,000 audit entries.
  await handle.db.execute(
    sql`insert into audit_log (action, resource_type, resource_id, new_data)
      select 'order.processing', 'order', g::text, jsonb_build_object('note', repeat('Delivered to Ikeja. ', 8)) from generate_series(1, 200000) g`,
  );
  await handle.close();
}, 120_000);

afterAll(async () => {
  (env as { NODE_ENV: string }).NODE_ENV = "test";
  setDbHandle(undefined);
  await handle?.close();
  rmSync(work, { recursive: true, force: true });
});

it("keeps nothing of a backup killed while it writes, and the next one succeeds", async () => {
  const { DATABASE_URL: _embedded, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/backup-in-child.ts"], {
    env: { ...inherited, DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const partial = () => (existsSync(backupFolder()) ? readdirSync(backupFolder()).find((f) => f.endsWith(".partial")) : undefined);
  // Killed once it has written part of the file.
  await expect
    .poll(
      () => {
        const name = partial();
        return !!name && statSync(join(backupFolder(), name)).size > 64 * 1024;
      },
      { timeout: 60_000, interval: 20 },
    )
    .toBe(true);
  child.kill("SIGKILL");
  await exited;
  expect(output).toMatch(/^started \d+\n$/);
  expect(partial()).toBeDefined();

  // The site starts again on the folder (the dead process's lock is taken over).
  handle = await openPglite(dataDir);
  setDbHandle(handle);
  const [cut] = await handle.db.select().from(backups);
  expect(cut).toMatchObject({ status: "running", fileName: null });
  // Two minutes without a heartbeat: the next look records it as cut off.
  expect(await endCutOffBackups(new Date(Date.now() + 3 * 60_000))).toBe(1);
  const overview = await getBackupsOverview();
  expect(overview.lastGood).toBeNull();
  expect(overview.failures).toMatchObject([{ id: cut!.id, error: "The server stopped while this backup was being made." }]);

  const next = await startBackup("schedule", null);
  if (!next.ok) throw next.error;
  const made = await runBackup(next.id);
  if (!made.ok) throw made.error;
  expect(readdirSync(backupFolder())).toEqual([made.file.split("/").at(-1)]);
  const manifest = await readArchive(made.file, undefined);
  expect(manifest.tables.find((t) => t.name === "audit_log")?.rows).toBeGreaterThanOrEqual(200_000);
  const [row] = await handle.db.select().from(backups).where(eq(backups.id, next.id));
  expect(row).toMatchObject({ status: "succeeded" });
}, 120_000);
