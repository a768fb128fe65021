import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { atNow } from "../db/columns";

/**
 * The site's errors when no error-reporting service is set (docs/operations.md#error-reports): one row per kind of
 * error (its fingerprint), with how often and when it was met, and the last one's request id, address and stack, all
 * scrubbed of personal data. Rows not seen for 30 days are removed.
 */
export const errorGroups = pgTable("error_groups", {
  fingerprint: text("fingerprint").primaryKey(),
  /** "server" or "browser". */
  source: text("source").notNull(),
  /** The error's class ("TypeError") or what the browser said it was. */
  type: text("type").notNull(),
  message: text("message").notNull(),
  stack: text("stack"),
  count: integer("count").notNull().default(1),
  firstSeenAt: atNow("first_seen_at"),
  lastSeenAt: atNow("last_seen_at"),
  lastRequestId: text("last_request_id"),
  /** The address it happened on (a path, its secrets masked). */
  lastPath: text("last_path"),
});
