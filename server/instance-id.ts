import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

// Which running copy of the site this process is (docs/operations.md#several-instances): made once at start, never
// stored, so a restarted process is a new instance. Things an instance holds in memory (a charger's socket) are
// recorded under it. On globalThis: the page bundle and server/main.ts are separate module graphs in one process.

const KEY = Symbol.for("zavolah.instance-id");
type THolder = { [KEY]?: string };

/** A new id: the host and process for people reading the database, and random bytes so a reused pid is another instance. */
export function newInstanceId(): string {
  return `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** Set once at start-up (server/main.ts); read by whatever records this instance's holdings. */
export function setInstanceId(id: string): void {
  (globalThis as THolder)[KEY] = id;
}

/** This process's id; made on first use when the entry did not set one (tests, scripts). */
export function instanceId(): string {
  return ((globalThis as THolder)[KEY] ??= newInstanceId());
}
