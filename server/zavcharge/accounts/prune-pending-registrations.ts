import { lt } from "drizzle-orm";
import type { TJob } from "../../jobs/scheduler";
import { getDb } from "../../db/client";
import { log } from "../../log";
import { PENDING_REGISTRATION_DAYS } from "./take-pending-registration";
import { zavchargePendingRegistrations } from "./schema";

/**
 * ZavCharge registrations whose e-mail was never confirmed (docs/product/zavcharge.md#accounts) go after
 * PENDING_REGISTRATION_DAYS, with the name and phone they hold; returns how many.
 */
export async function prunePendingRegistrations(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_REGISTRATION_DAYS * 86_400_000);
  const removed = await getDb()
    .delete(zavchargePendingRegistrations)
    .where(lt(zavchargePendingRegistrations.createdAt, cutoff))
    .returning({ userId: zavchargePendingRegistrations.userId });
  if (removed.length) log.info({ removed: removed.length }, "unconfirmed ZavCharge registrations removed");
  return removed.length;
}

export const pendingRegistrationRetentionJob: TJob = {
  name: "zavcharge-pending-registrations",
  label: "Unconfirmed ZavCharge registrations",
  description: `Once a day, removes ZavCharge registrations whose e-mail was not confirmed within ${PENDING_REGISTRATION_DAYS} days.`,
  periodSeconds: 24 * 3600,
  async run() {
    await prunePendingRegistrations();
  },
};
