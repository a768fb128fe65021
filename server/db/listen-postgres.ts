import pg from "pg";
import { log } from "../log";

/**
 * LISTEN on a connection of its own (a pooled one would be handed to a query and lose it). When the
 * connection drops it reconnects with back-off (0.5 s doubling to 10 s) and calls onReconnect, since
 * anything NOTIFYed during the gap is gone.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (msg) => msg.channel === channel && msg.payload !== undefined && onPayload(msg.payload));
    c.on("error", (err) => log.warn({ err, channel }, "LISTEN connection failed"));
    c.on("end", () => {
      if (stopped || client !== c) return;
      client = undefined;
      schedule();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    delay = 500;
  };
  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        (err) => {
          log.warn({ err, channel }, "LISTEN reconnect failed");
          delay = Math.min(delay * 2, 10_000);
          if (!stopped) schedule();
        },
      );
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
