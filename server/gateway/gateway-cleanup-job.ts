import type { TJob } from "../jobs/scheduler";
import { forgetOldIdempotencyKeys } from "./idempotency-keys";
import { forgetOldSyncEvents } from "./sync-events";

/** The gateway's hourly clean-up (docs/product/api-gateway.md): idempotency keys and sync events older than 24 hours. */
export const apiGatewayCleanupJob: TJob = {
  name: "api-gateway-cleanup",
  label: "Forget the app's old keys and sync events",
  description: "Removes the app's idempotency keys, with their kept answers, and its sync events once they are 24 hours old.",
  periodSeconds: 3600,
  async run() {
    await forgetOldIdempotencyKeys();
    await forgetOldSyncEvents();
  },
};
