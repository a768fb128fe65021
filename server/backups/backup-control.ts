import { createServer, request as httpRequest } from "node:http";
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { env } from "../env";
import { CONTROL_SOCKET } from "./create-backup";
import { runBackup, startBackup, type TBackupSummary } from "./run-backup";

// The embedded database is open in one process only (server/db/data-folder-lock.ts), so `npm run backup` asks the
// running server to make the backup, through a socket in the data folder: only someone who may read the data folder
// can reach it, and it is never on the network (docs/operations.md#backups).

const socketPath = () => join(resolve(env.DATA_DIR), CONTROL_SOCKET);

/** `npm run backup` against this process: claimed and recorded like every backup, so the admin page lists it. */
export async function backUpNow(): Promise<TBackupSummary> {
  const claimed = await startBackup("command", null);
  if (!claimed.ok) throw new Error(claimed.error.message);
  const made = await runBackup(claimed.id);
  if (!made.ok) throw new Error(made.error.message);
  return made;
}

/** Listens on the data folder's control socket; the returned function stops it. */
export function listenForBackupRequests(): Promise<() => Promise<void>> {
  const path = socketPath();
  // Left by a process that is gone: this process holds the data folder now.
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    backUpNow().then(
      (summary) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(summary)),
      (error: unknown) => {
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
      },
    );
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(path, () =>
      done(
        () =>
          new Promise((closed) => {
            server.close(() => closed());
            rmSync(path, { force: true });
          }),
      ),
    );
  });
}

/** Asks the server that holds the data folder for a backup; null when no server listens there. */
export function askRunningServer(dataDir: string): Promise<TBackupSummary | null> {
  const path = join(resolve(dataDir), CONTROL_SOCKET);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((done, fail) => {
    const req = httpRequest({ socketPath: path, path: "/backup", method: "POST" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => {
        const answer = JSON.parse(body || "{}") as TBackupSummary & { error?: string };
        if (res.statusCode === 200) done(answer);
        else fail(new Error(answer.error ?? `the server answered ${res.statusCode}`));
      });
    });
    // A socket left by a server that is gone: nobody answers, so the caller opens the folder itself.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" || error.code === "ENOENT" ? done(null) : fail(error),
    );
    req.end();
  });
}
