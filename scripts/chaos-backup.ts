// The backups of npm run chaos (scripts/chaos.ts, docs/operations.md#backups): a moment into the load, the admin
// presses "Back up now" on one instance, and that instance is killed (SIGKILL) while it writes the file. After the
// load the admin backs up again. What must hold: the killed backup is recorded as failed (cut off) and left no file
// that counts, nothing half-written is left in the folder, and the next backup succeeds and reads back whole.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { readArchive } from "../server/backups/backup-archive";
import { postForm, signInForm } from "./chaos-staff";

type TOptions = {
  proxy: string;
  /** The address of instance k (1-based), to start the backup on a known instance. */
  instanceUrl: (k: number) => string;
  /** Instance k's pid now, or undefined while it is being restarted. */
  pidOf: (k: number) => number | undefined;
  /** The instances serving now. */
  serving: () => Promise<number[]>;
  db: pg.Pool;
  backupDir: string;
  backupKey: string;
  admin: { email: string; password: string };
  say: (message: string) => void;
  serverError: (what: string) => void;
  /** Counted with the run's other kills. */
  onKill: () => void;
};

export type TBackupChaos = {
  /** Starts a backup on one instance and kills it while it writes the file; tries again (3 times) if it ends first. */
  killOneMidWrite(giveUpAt: number): Promise<void>;
  /** After the load: the admin backs up again; the broken invariants, in words. */
  check(giveUpAt: number): Promise<string[]>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Files the site keeps, so a backup takes long enough to be caught writing (random bytes: gzip cannot shrink them). */
export function addBallastFiles(dataDir: string, megabytes = 32) {
  const folder = join(dataDir, "uploads", "chaos");
  mkdirSync(folder, { recursive: true });
  for (let i = 0; i < megabytes / 8; i++) writeFileSync(join(folder, `site-survey-${i + 1}.bin`), randomBytes(8 * 1024 * 1024));
}

export function backupChaos(o: TOptions): TBackupChaos {
  let cookie: string | null = null;
  const adminCookie = async () => (cookie ??= await signInForm(o.proxy, o.admin.email, o.admin.password, o.serverError));
  /** Backups the run started and killed (or saw die with their instance). */
  const killed: number[] = [];
  let partialsSeen = 0;

  const latest = async () =>
    (await o.db.query<{ id: number; status: string }>("select id, status from backups order by id desc limit 1")).rows[0] ?? null;
  const partialWritten = () =>
    existsSync(o.backupDir) &&
    readdirSync(o.backupDir).some((name) => name.endsWith(".partial") && statSync(join(o.backupDir, name)).size > 0);

  /** Presses "Back up now" on `base` until a backup newer than `after` is running or done; its id, or null. */
  async function startBackup(base: string, after: number, giveUpAt: number): Promise<number | null> {
    while (Date.now() < giveUpAt) {
      await postForm(base, await adminCookie(), "/admin/backups", new URLSearchParams(), o.serverError);
      const row = await latest().catch(() => null);
      if (row && row.id > after) return row.id;
      await sleep(500); // refused while the killed backup's lease still holds, or the instance was away
    }
    return null;
  }

  return {
    async killOneMidWrite(giveUpAt) {
      for (let attempt = 1; attempt <= 3 && Date.now() < giveUpAt; attempt++) {
        const k = (await o.serving())[0];
        if (k === undefined) {
          await sleep(500);
          continue;
        }
        const before = (await latest())?.id ?? 0;
        const id = await startBackup(o.instanceUrl(k), before, giveUpAt);
        if (id === null) break;
        // Watch the folder: the moment the file is being written, the instance making it dies.
        let status = "running";
        while (status === "running" && Date.now() < giveUpAt) {
          if (partialWritten()) {
            partialsSeen++;
            const pid = o.pidOf(k);
            if (pid)
              try {
                process.kill(pid, "SIGKILL");
                o.onKill();
              } catch {
                // Killed a moment ago by the run's own killer: cut off all the same.
              }
            o.say(`killed instance ${k} while it was writing backup ${id}`);
            killed.push(id);
            return;
          }
          await sleep(10);
          status =
            (await o.db.query<{ status: string }>("select status from backups where id = $1", [id]).catch(() => null))?.rows[0]?.status ??
            status;
          if (!o.pidOf(k)) {
            // Its instance died under it (the run's killer) before the file was begun: cut off too.
            o.say(`instance ${k} died while making backup ${id}, before it began writing the file`);
            killed.push(id);
            return;
          }
        }
        o.say(`backup ${id} ended (${status}) before it could be killed; starting another`);
      }
    },

    async check(giveUpAt) {
      const problems: string[] = [];
      if (killed.length === 0) return ["no backup was killed while it ran: the backups were not tested"];
      const last = Math.max(...killed);
      const id = await startBackup(o.proxy, last, giveUpAt);
      if (id === null) return [`no backup could be started after the killed one (${last}) before the deadline`];
      let row: { status: string; file_name: string | null; error: string | null } | undefined;
      while (Date.now() < giveUpAt) {
        row = (await o.db.query("select status, file_name, error from backups where id = $1", [id])).rows[0];
        if (row && row.status !== "running") break;
        await sleep(250);
      }
      if (row?.status !== "succeeded")
        problems.push(`the backup after the killed one ended ${row?.status ?? "unknown"}: ${row?.error ?? ""}`);
      else
        try {
          const manifest = await readArchive(join(o.backupDir, row.file_name!), o.backupKey);
          o.say(`backup ${id} after the kill succeeded: ${manifest.tables.length} tables, read back whole`);
        } catch (error) {
          problems.push(`the backup after the killed one does not read back: ${(error as Error).message}`);
        }
      const { rows: cut } = await o.db.query<{ id: number; status: string; file_name: string | null }>(
        "select id, status, file_name from backups where id = any($1)",
        [killed],
      );
      for (const b of cut)
        if (b.status !== "failed" || b.file_name !== null)
          problems.push(`killed backup ${b.id} is recorded ${b.status}${b.file_name ? ` with the file ${b.file_name}` : ""}`);
      const good = new Set(
        (
          await o.db.query<{ file_name: string }>("select file_name from backups where status = 'succeeded' and removed_at is null")
        ).rows.map((r) => r.file_name),
      );
      for (const name of readdirSync(o.backupDir))
        if (!good.has(name)) problems.push(`the backup folder holds ${name}, which is not a good backup`);
      o.say(`backups: ${killed.length} killed (${partialsSeen} while writing the file), the next one checked`);
      return problems;
    },
  };
}
