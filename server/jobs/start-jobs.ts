import { env } from "../env";
import { log } from "../log";
import { deliverDueMessages, requeueStuckMessages } from "../messaging/deliver-outbox";
import { setOutboxKicker } from "../messaging/outbox-kick";
import { createDelivery } from "../messaging/transports";
import { deleteStaleGuestCarts } from "../cart/delete-stale-guest-carts";
import { expireUnpaidOrders } from "../orders/expire-unpaid-orders";
import { reconcilePayments } from "../payments/reconcile-payments";
import { startScheduledJobs } from "./scheduled-jobs";

/** Starts the background jobs of this process; returns a stop function for shutdown. */
export async function startJobs(): Promise<() => Promise<void>> {
  const delivery = createDelivery();
  log.info({ email: delivery.email.map((p) => p.name), sms: delivery.sms.map((p) => p.name) }, "outbox worker started");
  if (delivery.sms.length === 0) log.warn("no SMS provider configured: SMS stay queued in the outbox until one is");
  let running: Promise<void> | null = null;
  let again = false;

  const runOutbox = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await requeueStuckMessages();
        while ((await deliverDueMessages(delivery)) > 0 || again) again = false;
      } catch (error) {
        log.error({ error }, "outbox delivery failed");
      } finally {
        running = null;
      }
    })();
  };

  setOutboxKicker(() => setTimeout(runOutbox, 20));
  const timer = setInterval(runOutbox, env.OUTBOX_POLL_MS);
  runOutbox();

  // Store upkeep: card payments whose webhook never came are verified; unpaid orders whose stock hold ran
  // out are cancelled and their stock released;
  // guest carts nobody touched for 30 days are deleted.
  let storeRun: Promise<void> | null = null;
  const runStore = () => {
    storeRun ??= (async () => {
      try {
        await reconcilePayments(); // first, so a payment that did arrive is not cancelled
        const expired = await expireUnpaidOrders();
        if (expired > 0) log.info({ expired }, "unpaid orders expired");
        await deleteStaleGuestCarts();
      } catch (error) {
        log.error({ error }, "store jobs failed");
      } finally {
        storeRun = null;
      }
    })();
  };
  const storeTimer = setInterval(runStore, env.STORE_JOBS_POLL_MS);
  runStore();
  const stopScheduled = await startScheduledJobs(); // reminders and campaigns (server/jobs/scheduler.ts)
  return async () => {
    await stopScheduled();
    clearInterval(timer);
    clearInterval(storeTimer);
    await storeRun;
    setOutboxKicker(undefined);
    await running;
  };
}
