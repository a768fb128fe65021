import pg from "pg";
import { log } from "../log";

/**
 * LISTEN on a connection of its own (a pooled one would be handed to a query and lose it). When the
 * connection drops it reconnects with back-off (0.5 s doubling to 10 s) and calls onReconnect, since
 * anything NOTIFYed during the gap is gone; so does a first connection that fails (the database was down at start).
 * A heartbeat (`select 1` every heartbeatMs) finds a connection that died
 * without a word (a database host rebooted: node-postgres raises no error then) and makes a new one.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
  { heartbeatMs = 30_000 }: { heartbeatMs?: number } = {},
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 500;
  let timer: NodeJS.Timeout | undefined;

  const dropAndReconnect = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = undefined;
    void c.end().catch(() => {});
    schedule();
  };
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c) return;
    let answered = false;
    const late = setTimeout(() => {
      if (answered) return;
      log.warn({ channel }, "LISTEN connection silent, reconnecting");
      dropAndReconnect(c);
    }, 5_000);
    c.query("select 1").then(
      () => {
        answered = true;
        clearTimeout(late);
      },
      () => {
        answered = true;
        clearTimeout(late);
        dropAndReconnect(c);
      },
    );
  }, heartbeatMs);
  heartbeat.unref();

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (msg) => msg.channel === channel && msg.payload !== undefined && onPayload(msg.payload));
    c.on("error", (err) => log.warn({ err, channel }, "LISTEN connection failed"));
    c.on("end", () => dropAndReconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      void c.end().catch(() => {});
      throw err;
    }
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

  // The database may be down when the instance starts: keep trying, and count the first success as a reconnect.
  await connect().catch((err: unknown) => {
    log.warn({ err, channel }, "LISTEN could not start, retrying");
    schedule();
  });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}
