import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { log } from "../log";

// One process per embedded data folder (docs/decisions/0024-the-data-folder-and-the-signing-secret.md): two PGlite instances on one folder lose
// data silently, so the folder is locked while a process has it open. The lock file holds the holder's pid, start
// time and host; it goes when the database is closed or the process exits. A lock whose process is gone (a crash,
// a kill -9) is stale and taken over.

export const LOCK_FILE = "zavolah.lock";

type TLockHolder = { pid: number; host: string; startedAt: string; processStart: string | null; token: string };

/** Folders this process holds: a second open in the same process is refused too. */
const HELD = Symbol.for("zavolah.heldDataFolders");
const held = ((globalThis as { [HELD]?: Set<string> })[HELD] ??= new Set<string>());

/**
 * When the process started, as the kernel counts it (Linux: field 22 of /proc/<pid>/stat), so a pid reused by another
 * program after a crash is not mistaken for the holder; null where /proc is not available.
 */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: TLockHolder): boolean {
  if (holder.pid === process.pid) return false; // not held in this process (checked first): left by an earlier life of this pid
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false; // ESRCH: no such process
  }
  const now = processStart(holder.pid);
  return !(holder.processStart && now && now !== holder.processStart);
}

/** Renames the lock; false when it is already gone (another process is taking it over). */
function moveAside(file: string, aside: string): boolean {
  try {
    renameSync(file, aside);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

function readHolder(file: string): TLockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as TLockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : null;
  } catch {
    return null; // unreadable: a crash while it was written
  }
}

/**
 * Takes the data folder for this process, or throws a message saying who holds it. Returns the release, which also
 * runs when the process exits.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  const refuse = (holder: TLockHolder | null) => {
    const who = holder
      ? `another Zavolah process (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt})`
      : "this process already";
    return new Error(
      `The data folder ${dataDir} is in use by ${who}. The embedded database allows one process at a time: stop that ` +
        "process first, or give this one another DATA_DIR (several processes need PostgreSQL, DATABASE_URL).",
    );
  };
  if (held.has(file)) throw refuse(null);

  const me: TLockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    processStart: processStart(process.pid),
    token: randomBytes(8).toString("hex"),
  };
  // Written whole, then linked into place: link fails when a lock exists, so two processes never both create it.
  const draft = `${file}.${process.pid}.${me.token}`;
  writeFileSync(draft, JSON.stringify(me));
  const take = () => {
    try {
      linkSync(draft, file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  };
  try {
    if (!take()) {
      const holder = readHolder(file);
      if (holder && isRunning(holder)) throw refuse(holder);
      log.warn(
        { dataDir, stalePid: holder?.pid ?? null, since: holder?.startedAt ?? null },
        "taking over a data folder lock left by a process that is gone",
      );
      // Moved aside, not deleted: if another process took the stale lock over a moment ago, what moved is its fresh
      // lock, which goes back, and this process is refused.
      const aside = `${file}.stale.${me.token}`;
      if (moveAside(file, aside)) {
        const moved = readHolder(aside);
        if ((moved?.token ?? null) !== (holder?.token ?? null)) {
          renameSync(aside, file);
          throw refuse(moved);
        }
        rmSync(aside, { force: true });
      }
      if (!take()) throw refuse(readHolder(file));
    }
  } finally {
    rmSync(draft, { force: true });
  }
  held.add(file);

  const release = () => {
    if (!held.delete(file)) return;
    process.off("exit", release);
    if (readHolder(file)?.token === me.token) rmSync(file, { force: true });
  };
  process.on("exit", release);
  return release;
}
