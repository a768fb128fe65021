// What a visitor, an app or a script is told when the site cannot serve them right now
// (docs/operations.md#health-and-shutdown, docs/operations.md#load-shedding): while our records (the database) cannot be
// reached, or while the site is too busy to take one more page. The server's 503 page and JSON, the gateway's error, and
// the page's error screen when a link or form sent from the running page met that 503.

export const UNAVAILABLE_TITLE = "Back in a moment";
export const UNAVAILABLE_MESSAGE = "We can't reach our records right now. Please try again in a minute.";
export const BUSY_MESSAGE = "A lot of people are using Zavolah right now. Please try again in a few seconds.";

/**
 * The message for a 503 the running page met: the server's JSON names it (the busy one or the records'), and anything
 * else (a body that is not ours) gets the records' message, as before.
 */
export function unavailableMessageOf(data: unknown): string {
  const text = typeof data === "string" ? data : JSON.stringify(data ?? null);
  return text.includes(BUSY_MESSAGE) ? BUSY_MESSAGE : UNAVAILABLE_MESSAGE;
}
