import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";

/** The channel every instance LISTENs on; the realtime server fans events out to its own sockets. */
export const EVENTS_CHANNEL = "zavolah_events";

/** userId null means every connected client (a broadcast). */
export type TRealtimeEvent = { userId: string | null; type: string; payload: Record<string, unknown> };

/**
 * Publishes through the database (NOTIFY). Inside a transaction the event leaves only on commit, so a
 * client never hears of a row that was rolled back; on PostgreSQL every instance hears it.
 * NOTIFY payloads are capped at 8 kB: send ids and short text, and let clients fetch the rest.
 */
export async function publishEvent(db: DbOrTx, event: TRealtimeEvent) {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
