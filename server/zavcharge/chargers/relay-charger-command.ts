import { and, eq, sql } from "drizzle-orm";
import { CHARGER_COMMAND_ANSWER_MS } from "@domain/zavcharge/chargers/charger";
import { getDb, getDbHandle, type DbHandle } from "../../db/client";
import { log } from "../../log";
import { chargerCommands } from "./schema";
import { offline, ZCommandResult, type TChargerCall, type TCommandResult } from "./charger-call";

// A command for a charger whose socket another instance holds (docs/product/zavcharge.md#chargers,
// docs/decisions/0036-charger-commands-across-instances.md): written to charger_commands, routed to the instance
// and connection epoch charger_connections names, and that instance woken with a NOTIFY. It carries the command out
// (serve-charger-commands.ts) and writes the answer; the asker is woken by a NOTIFY too, and reads its row every
// second in case a notification was lost.

/** NOTIFY "<command id> <instance id>": the instance a command was routed to takes it up. */
export const COMMANDS_CHANNEL = "zavolah_charger_commands";
/** NOTIFY "<command id>": a command has its answer. */
export const ANSWERS_CHANNEL = "zavolah_charger_answers";

const POLL_MS = 1_000;

const notInTime = (): TCommandResult => ({ ok: false, reason: "failed", message: "The charger did not answer in time." });

type TAnswers = { handle: DbHandle; ready: Promise<(() => Promise<void>) | null>; wakers: Map<number, Set<() => void>> };
const KEY = Symbol.for("zavolah.zavcharge.charger-answers");
type THolder = { [KEY]?: TAnswers };

/** The process's one LISTEN for answers, opened at the first relayed command (and again for another database: tests). */
function answers(): TAnswers {
  const g = globalThis as THolder;
  const handle = getDbHandle();
  const current = g[KEY];
  if (current && current.handle === handle) return current;
  const wakers = new Map<number, Set<() => void>>();
  const wake = (id: number) => wakers.get(id)?.forEach((w) => w());
  // After a gap in the LISTEN everyone waiting reads their row again.
  const wakeAll = () => wakers.forEach((set) => set.forEach((w) => w()));
  const ready = handle
    .listen(ANSWERS_CHANNEL, (payload) => wake(Number(payload)), wakeAll)
    .catch((err: unknown) => {
      log.warn({ err }, "charger commands: could not listen for answers; reading them every second");
      return null;
    });
  const fresh: TAnswers = { handle, ready, wakers };
  g[KEY] = fresh;
  return fresh;
}

/** Stops listening for answers (shutdown, tests). */
export async function stopAwaitingChargerAnswers(): Promise<void> {
  const g = globalThis as THolder;
  const current = g[KEY];
  g[KEY] = undefined;
  const unlisten = await current?.ready;
  await unlisten?.();
}

/** Resolves when the command's answer is announced, or after ms. */
function wakeOrAfter(a: TAnswers, id: number, ms: number): { woken: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const woken = new Promise<void>((resolve) => {
    const set = a.wakers.get(id) ?? new Set();
    a.wakers.set(id, set);
    const done = () => {
      clearTimeout(timer);
      set.delete(done);
      if (set.size === 0) a.wakers.delete(id);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    set.add(done);
    cancel = done;
  });
  return { woken, cancel };
}

/**
 * Passes a command to the instance that holds the charger (never this one: `from`) and waits for the charger's
 * answer. Offline when no other instance holds it. A command not taken up in time is expired, never delivered
 * late; one taken up whose answer does not come back in time is reported so (its row says sent, then unknown).
 */
export async function relayChargerCommand(
  chargerId: number,
  call: TChargerCall,
  from: string,
  answerMs = CHARGER_COMMAND_ANSWER_MS,
): Promise<TCommandResult> {
  const db = getDb();
  const a = answers();
  await a.ready; // listening before the command goes out
  const inserted = await db.execute(sql`
    with routed as (
      insert into charger_commands (charger_id, action, params, instance_id, epoch)
      select charger_id, ${call.action}, ${JSON.stringify(call.params)}::jsonb, instance_id, epoch
      from charger_connections where charger_id = ${chargerId} and instance_id <> ${from}
      returning id, instance_id
    )
    select id, pg_notify(${COMMANDS_CHANNEL}, id::text || ' ' || instance_id) from routed`);
  const row = (inserted as unknown as { rows: { id: string | number }[] }).rows[0];
  if (!row) return offline();
  const id = Number(row.id);

  const deadline = Date.now() + answerMs;
  for (;;) {
    // Registered before the read, so an answer announced between the read and the wait is not missed.
    const wait = wakeOrAfter(a, id, Math.min(POLL_MS, deadline - Date.now()));
    const [r] = await db
      .select({ status: chargerCommands.status, result: chargerCommands.result })
      .from(chargerCommands)
      .where(eq(chargerCommands.id, id));
    if (r && (r.status === "answered" || r.status === "failed")) {
      wait.cancel();
      const result = ZCommandResult.safeParse(r.result);
      return result.success ? result.data : notInTime();
    }
    if (!r || r.status === "expired" || r.status === "unknown" || Date.now() >= deadline) {
      wait.cancel();
      break;
    }
    await wait.woken;
  }
  // Not taken up by now: it never will be (a start delivered minutes late could start a car nobody waits by).
  await db
    .update(chargerCommands)
    .set({ status: "expired", answeredAt: sql`now()` })
    .where(and(eq(chargerCommands.id, id), eq(chargerCommands.status, "queued")));
  log.warn({ chargerId, action: call.action, commandId: id }, "charger commands: no answer from the instance holding the charger");
  return notInTime();
}
