import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { watchLog } from "../../tests/support/log-lines";
import { openPglite, type DbHandle } from "./client";
import { LOCK_FILE, lockDataFolder } from "./data-folder-lock";

// One process per embedded data folder (docs/decisions/0024-the-data-folder-and-the-signing-secret.md): two PGlite instances on one folder
// lose data silently, so a second process is refused and says why, and a lock left by a crash is taken over.

const root = fileURLToPath(new URL("../..", import.meta.url));
const dataFolder = () => mkdtempSync(join(tmpdir(), "zavolah-lock-"));
const open: DbHandle[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const handle of open) await handle.close();
});

/**
 * Runs the server as `npm start` does on this data folder, until it ends; if it starts serving instead (what main did),
 * it is stopped and the answer says so.
 */
function startServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "1",
    DATA_DIR: dataDir,
    PORT: "39871",
    HOST: "127.0.0.1",
    MQTT_PORT: "0",
    POWER_SIMULATOR: "0",
  };
  delete env.DATABASE_URL;
  delete env.BETTER_AUTH_SECRET;
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./server/react-router-production.mjs", "server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("Zavolah is serving")) child.kill("SIGTERM");
  });
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the embedded data folder", () => {
  it("refuses a second server while one has it open, and the first keeps working", { timeout: 60_000 }, async () => {
    const dir = dataFolder();
    const first = await openPglite(dir);
    open.push(first);
    await first.db.execute(sql`create table notes (body text)`);
    await first.db.execute(sql`insert into notes values ('written by the first process')`);

    const second = await startServer(dir);
    expect(second.code).toBe(1);
    expect(second.output).toContain(
      `Zavolah did not start: The data folder ${dir} is in use by another Zavolah process (pid ${process.pid} on `,
    );
    expect(second.output).toContain("The embedded database allows one process at a time: stop that process first");
    await expect(openPglite(dir)).rejects.toThrow(`The data folder ${dir} is in use by this process already.`);

    await first.db.execute(sql`insert into notes values ('still writing')`);
    const notes = (await first.db.execute(sql`select body from notes order by body`)) as unknown as { rows: { body: string }[] };
    expect(notes.rows.map((r) => r.body)).toEqual(["still writing", "written by the first process"]);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8"))).toMatchObject({ pid: process.pid });
  });

  it("is free again when its process exits, and a lock left by a process that is gone is taken over", () => {
    const dir = dataFolder();
    const lock = join(dir, LOCK_FILE);
    const exited = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { lockDataFolder } = await import("./server/db/data-folder-lock.ts"); lockDataFolder(${JSON.stringify(dir)}); process.exit(0);`,
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(exited.status, exited.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);

    const crashed = { pid: deadPid(), host: "zavolah-1", startedAt: "2026-11-27T08:00:00.000Z", processStart: null, token: "crashed" };
    writeFileSync(lock, JSON.stringify(crashed));
    const log = watchLog();
    let release = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: process.pid });
    log.expectLogged("taking over a data folder lock left by a process that is gone", { dataDir: dir, stalePid: crashed.pid });
    release();
    expect(existsSync(lock)).toBe(false);

    // A live pid that now belongs to another program (it started later than the holder did) is not the holder.
    if (existsSync("/proc/self/stat")) {
      writeFileSync(lock, JSON.stringify({ ...crashed, pid: process.ppid, processStart: "1" }));
      release = lockDataFolder(dir);
      expect(JSON.parse(readFileSync(lock, "utf8"))).toMatchObject({ pid: process.pid });
      release();
    }
  });
});
