import { z } from "zod";
import { recordSyncEvent, SYNC_CATCH_UP_MAX, syncEventsSince } from "../../gateway/sync-events";
import { ZSyncEvent } from "../../realtime/inbound";
import { userOperation, type TApiOperation } from "./api-operation";

// Sync events over HTTP (docs/product/api-gateway.md#sync-events), for a device that flushes its queue when it is back
// online, or catches up without a websocket. The same store and delivery as /ws.

const ZSyncEventIn = ZSyncEvent.meta({ id: "SyncEventIn" });
const ZSyncBatch = z
  .object({ events: z.array(ZSyncEventIn).min(1, "Send one event or more").max(50, "Send at most 50 events at a time") })
  .meta({ id: "SyncBatch" });

const ZSyncEventOut = z
  .object({
    seq: z.number().int(),
    id: z.string(),
    type: z.string(),
    timestamp: z.string(),
    data: z.unknown(),
    source: z.string().nullable(),
    targetPlatforms: z.array(z.string()).nullable(),
    priority: z.enum(["high", "medium"]),
  })
  .meta({ id: "SyncEvent" });

const ZSyncEventsQuery = z.object({
  after: z.coerce.number({ error: "after is the last seq you saw" }).int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_CATCH_UP_MAX).default(100),
});

export const syncOperations: TApiOperation[] = [
  userOperation({
    method: "POST",
    path: "/sync/events",
    operationId: "sendSyncEvents",
    summary: "Send sync events to your other devices (an event resent with the same id is kept once)",
    tag: "Sync",
    body: ZSyncBatch,
    success: {
      status: 200,
      schema: z.object({ accepted: z.array(z.object({ id: z.string(), seq: z.number().int() })) }).meta({ id: "SyncAccepted" }),
      description: "Each event's seq",
    },
    refusals: [],
    example: { events: [{ id: "evt-0001", type: "mobile_sync", timestamp: "2026-11-28T09:00:00.000Z", priority: "medium" }] },
    async handle({ caller, body }) {
      const accepted = [];
      for (const event of body.events) accepted.push({ id: event.id, seq: (await recordSyncEvent(caller.viewer.id, event)).seq });
      return { status: 200, body: { accepted } };
    },
  }),
  userOperation({
    method: "GET",
    path: "/sync/events",
    operationId: "listSyncEvents",
    summary: "Your sync events after the last seq you saw (kept 24 hours), oldest first",
    tag: "Sync",
    query: ZSyncEventsQuery,
    success: {
      status: 200,
      schema: z.object({ items: z.array(ZSyncEventOut), lastSeq: z.number().int() }).meta({ id: "SyncEventPage" }),
      description: "The events, and the seq to ask from next",
    },
    refusals: [],
    example: {},
    async handle({ caller, query, now }) {
      const { after, limit } = query as z.output<typeof ZSyncEventsQuery>;
      const items = await syncEventsSince(caller.viewer.id, after, limit, now);
      return { status: 200, body: { items, lastSeq: items.at(-1)?.seq ?? after } };
    },
  }),
];
