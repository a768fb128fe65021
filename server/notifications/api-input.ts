import { z } from "zod";

// The notification APIs' inputs (app/routes/api/notifications*.ts), checked with zod at the boundary.

const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZListQuery = z.object({
  before: ZId.optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const ZMarkRead = z.object({ id: ZId });
