import { env } from "../env";
import { log } from "../log";
import { deliverDueEmails, requeueStuckEmails } from "../messaging/deliver-outbox";
import { setOutboxKicker } from "../messaging/outbox-kick";
import { createTransport } from "../messaging/transports";

/** Starts the background jobs of this process; returns a stop function for shutdown. */
export async function startJobs(): Promise<() => Promise<void>> {
  const transport = await createTransport();
  log.info({ transport: transport.name }, "e-mail outbox worker started");
  let running: Promise<void> | null = null;
  let again = false;

  const runOutbox = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        await requeueStuckEmails();
        while ((await deliverDueEmails(transport)) > 0 || again) again = false;
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
  return async () => {
    clearInterval(timer);
    setOutboxKicker(undefined);
    await running;
  };
}
