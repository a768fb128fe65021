import { z } from "zod";

// What a client may send over /ws (auth, heartbeat, sync_event, resume: docs/product/notifications-and-reminders.md,
// docs/product/api-gateway.md#sync-events). Anything else is ignored.

/** A sync event; one missing id, type or timestamp is ignored with a warning (docs/product/notifications-and-reminders.md). */
export const ZSyncEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(60),
  timestamp: z.union([z.string().min(1).max(40), z.number()]),
  data: z.unknown().optional(),
  source: z.string().max(40).optional(),
  targetPlatforms: z.array(z.string().max(20)).max(5).optional(),
  priority: z.enum(["high", "medium"]).optional(),
});

export const ZInbound = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heartbeat") }),
  z.object({ type: z.literal("auth") }).loose(), // the link is authenticated at the upgrade already
  z.object({ type: z.literal("sync_event"), event: ZSyncEvent }),
  // A device back online: the sync events after the last seq it saw (docs/product/api-gateway.md#sync-events).
  z.object({ type: z.literal("resume"), lastSeq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
]);
export type TInbound = z.infer<typeof ZInbound>;

export type TParsed = { ok: true; message: TInbound } | { ok: false; reason: string };

export function parseInbound(raw: string): TParsed {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "not JSON" };
  }
  const parsed = ZInbound.safeParse(json);
  if (parsed.success) return { ok: true, message: parsed.data };
  const type = (json as { type?: unknown } | null)?.type;
  return { ok: false, reason: type === "sync_event" ? "sync event without id, type or timestamp" : "unknown message" };
}
