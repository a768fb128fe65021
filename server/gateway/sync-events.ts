import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "../db/client";
import { publishEvent } from "../realtime/publish";
import type { ZSyncEvent } from "../realtime/inbound";
import { apiSyncEvents } from "./schema";

// Sync events between a person's devices (docs/product/api-gateway.md#sync-events): kept 24 hours in the order the
// server received them, sent live to the person's other sockets on every instance (through the database's NOTIFY),
// and answered to a device that reconnects with the last `seq` it saw.

export const SYNC_EVENT_HOURS = 24;
export const SYNC_EVENT_TYPE = "sync_event";
/** The most events one catch-up answers; a device asks again from the last. */
export const SYNC_CATCH_UP_MAX = 500;

export type TSyncEventInput = z.output<typeof ZSyncEvent>;
export type TSyncEventView = {
  seq: number;
  id: string;
  type: string;
  timestamp: string;
  data: unknown;
  source: string | null;
  targetPlatforms: string[] | null;
  priority: "high" | "medium";
};

const view = (row: typeof apiSyncEvents.$inferSelect): TSyncEventView => ({
  seq: row.seq,
  id: row.eventId,
  type: row.type,
  timestamp: row.timestamp,
  data: row.data ?? null,
  source: row.source,
  targetPlatforms: row.targetPlatforms,
  priority: row.priority === "high" ? "high" : "medium",
});

/**
 * Keeps a device's sync event and sends it to the person's other sockets once it is committed. `originSocket` is the
 * socket it came from, which does not get it back. A resent event (the same id) is kept once and not sent again.
 */
export async function recordSyncEvent(
  userId: string,
  event: TSyncEventInput,
  originSocket: string | null = null,
): Promise<{ seq: number; duplicate: boolean }> {
  return getDb().transaction(async (tx) => {
    const [kept] = await tx
      .insert(apiSyncEvents)
      .values({
        userId,
        eventId: event.id,
        type: event.type,
        timestamp: String(event.timestamp),
        data: event.data ?? null,
        source: event.source ?? null,
        targetPlatforms: event.targetPlatforms ?? null,
        priority: event.priority ?? "medium",
      })
      .onConflictDoNothing()
      .returning({ seq: apiSyncEvents.seq });
    if (!kept) {
      const [earlier] = await tx
        .select({ seq: apiSyncEvents.seq })
        .from(apiSyncEvents)
        .where(and(eq(apiSyncEvents.userId, userId), eq(apiSyncEvents.eventId, event.id)));
      return { seq: earlier!.seq, duplicate: true };
    }
    await publishEvent(tx, { userId, type: SYNC_EVENT_TYPE, payload: { seq: kept.seq, origin: originSocket } });
    return { seq: kept.seq, duplicate: false };
  });
}

/** One kept event of the person's, by its seq (for the live delivery). */
export async function findSyncEvent(userId: string, seq: number): Promise<TSyncEventView | null> {
  const [row] = await getDb()
    .select()
    .from(apiSyncEvents)
    .where(and(eq(apiSyncEvents.userId, userId), eq(apiSyncEvents.seq, seq)));
  return row ? view(row) : null;
}

/** The person's events after `afterSeq` from the last 24 hours, oldest first, at most `limit`. */
export async function syncEventsSince(userId: string, afterSeq: number, limit = SYNC_CATCH_UP_MAX, now = new Date()) {
  const rows = await getDb()
    .select()
    .from(apiSyncEvents)
    .where(
      and(
        eq(apiSyncEvents.userId, userId),
        gt(apiSyncEvents.seq, afterSeq),
        gt(apiSyncEvents.createdAt, new Date(now.getTime() - SYNC_EVENT_HOURS * 3_600_000)),
      ),
    )
    .orderBy(asc(apiSyncEvents.seq))
    .limit(limit);
  return rows.map(view);
}

/** The sync events that carry what a person asks of their paired device (docs/product/api-gateway.md#arduino-devices). */
export const DEVICE_COMMAND_TYPES = ["arduino_command", "arduino_status_request"];

/**
 * The commands for one paired device after `afterSeq` (docs/product/api-gateway.md#arduino-devices): its owner's
 * arduino_command and arduino_status_request events that name it, from the last 24 hours, oldest first.
 */
export async function deviceCommandsSince(ownerId: string, deviceId: string, afterSeq: number, limit = 50, now = new Date()) {
  const rows = await getDb()
    .select()
    .from(apiSyncEvents)
    .where(
      and(
        eq(apiSyncEvents.userId, ownerId),
        gt(apiSyncEvents.seq, afterSeq),
        inArray(apiSyncEvents.type, DEVICE_COMMAND_TYPES),
        sql`${apiSyncEvents.data}->>'deviceId' = ${deviceId}`,
        gt(apiSyncEvents.createdAt, new Date(now.getTime() - SYNC_EVENT_HOURS * 3_600_000)),
      ),
    )
    .orderBy(asc(apiSyncEvents.seq))
    .limit(limit);
  return rows.map(view);
}

/** Forgets events older than 24 hours (the gateway's hourly clean-up). */
export async function forgetOldSyncEvents(now = new Date()) {
  await getDb()
    .delete(apiSyncEvents)
    .where(lt(apiSyncEvents.createdAt, new Date(now.getTime() - SYNC_EVENT_HOURS * 3_600_000)));
}
