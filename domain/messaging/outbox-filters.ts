import { z } from "zod";

// The admin outbox list: filters read from the address bar (anything odd falls back to "all"). Isomorphic.

export const OUTBOX_STATUSES = { queued: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" } as const;
export const OUTBOX_CHANNELS = { email: "E-mail", sms: "SMS" } as const;
export type TOutboxStatus = keyof typeof OUTBOX_STATUSES;

export const ZOutboxFilters = z.object({
  status: z.enum(["all", ...(Object.keys(OUTBOX_STATUSES) as TOutboxStatus[])]).catch("all"),
  channel: z.enum(["all", "email", "sms"]).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TOutboxFilters = z.infer<typeof ZOutboxFilters>;
export const OUTBOX_PAGE_SIZE = 25;
