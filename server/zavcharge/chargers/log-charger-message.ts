import { CHARGER_MESSAGE_MAX_CHARS } from "@domain/zavcharge/chargers/charger";
import { getDb } from "../../db/client";
import { log } from "../../log";
import { chargerMessages } from "./schema";

export type TChargerMessage = {
  chargerId: number;
  direction: "in" | "out";
  action: string;
  messageId?: string | null;
  payload?: unknown;
  errorCode?: string | null;
};

/** A payload as stored: whole when its JSON is small, otherwise its first few KB as text. */
function storedPayload(payload: unknown): unknown {
  if (payload === undefined) return null;
  const json = JSON.stringify(payload) ?? "null";
  if (json.length <= CHARGER_MESSAGE_MAX_CHARS) return payload;
  return { truncated: true, chars: json.length, text: json.slice(0, CHARGER_MESSAGE_MAX_CHARS) };
}

const row = (m: TChargerMessage) => ({
  chargerId: m.chargerId,
  direction: m.direction,
  action: m.action.slice(0, 64),
  messageId: m.messageId?.slice(0, 64) ?? null,
  payload: storedPayload(m.payload),
  errorCode: m.errorCode?.slice(0, 64) ?? null,
});

/**
 * Writes one message to a charger's log (docs/product/zavcharge.md#chargers). Logging never breaks the
 * conversation with the charger: a failure is reported and swallowed.
 */
export async function logChargerMessage(m: TChargerMessage): Promise<void> {
  await logChargerMessages([m]);
}

/** Writes messages to the log in one statement, in this order (ids follow it); a failure is reported and swallowed. */
export async function logChargerMessages(ms: readonly TChargerMessage[]): Promise<void> {
  if (ms.length === 0) return;
  try {
    await getDb().insert(chargerMessages).values(ms.map(row));
  } catch (err) {
    log.warn({ err, messages: ms.length, chargerId: ms[0]!.chargerId, action: ms[0]!.action }, "charger messages not logged");
  }
}

/**
 * A write-behind log for a busy central system: messages are queued in arrival order and written together every
 * `delayMs` (or at once when `maxBatch` are waiting), one insert per batch instead of one per message, batches one
 * after another so the log keeps the order. `flush` writes what is queued and resolves when it is in the log.
 */
export function createChargerMessageLog(options: { delayMs?: number; maxBatch?: number } = {}) {
  const delayMs = options.delayMs ?? 50;
  const maxBatch = options.maxBatch ?? 500;
  let queue: TChargerMessage[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let due: Promise<void> | null = null;
  let release: (() => void) | null = null;

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    const done = release;
    queue = [];
    due = null;
    release = null;
    writing = writing.then(() => logChargerMessages(batch)).finally(() => done?.());
    return writing;
  };
  return {
    /** Queues a message; the promise resolves when its batch is written. */
    add(m: TChargerMessage): Promise<void> {
      queue.push(m);
      due ??= new Promise<void>((resolve) => (release = resolve));
      const mine = due;
      if (queue.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), delayMs);
      return mine;
    },
    flush,
  };
}
