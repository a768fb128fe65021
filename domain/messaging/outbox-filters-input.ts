import { z } from "zod";
import { OUTBOX_STATUSES, type TOutboxStatus } from "./outbox-filters";

// The admin outbox's filters as the server reads them; anything odd falls back to the default.

export const ZOutboxFilters = z.object({
  status: z.enum(["all", ...(Object.keys(OUTBOX_STATUSES) as TOutboxStatus[])]).catch("all"),
  channel: z.enum(["all", "email", "sms"]).catch("all"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type TOutboxFilters = z.infer<typeof ZOutboxFilters>;
