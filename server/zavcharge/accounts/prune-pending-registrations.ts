import { deleteOlderThan } from "../../db/delete-older-than";
import type { TJob } from "../../jobs/scheduler";
import { PENDING_REGISTRATION_DAYS } from "./take-pending-registration";
import { zavchargePendingRegistrations } from "./schema";

/**
 * ZavCharge registrations whose e-mail was never confirmed (docs/product/zavcharge.md#accounts) go after
 * PENDING_REGISTRATION_DAYS, with the name and phone they hold; returns how many.
 */
export const prunePendingRegistrations = (now = new Date()): Promise<number> =>
  deleteOlderThan(
    zavchargePendingRegistrations,
    zavchargePendingRegistrations.createdAt,
    PENDING_REGISTRATION_DAYS,
    now,
    "unconfirmed ZavCharge registrations removed",
  );

export const pendingRegistrationRetentionJob: TJob = {
  name: "zavcharge-pending-registrations",
  label: "Unconfirmed ZavCharge registrations",
  description: `Once a day, removes ZavCharge registrations whose e-mail was not confirmed within ${PENDING_REGISTRATION_DAYS} days.`,
  periodSeconds: 24 * 3600,
  async run() {
    await prunePendingRegistrations();
  },
};
