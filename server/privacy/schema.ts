import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { outbox } from "../messaging/schema";

/**
 * A person's request to delete their data (docs/product/privacy-requests.md). It never holds the person's details
 * itself: while it is open, staff read them from the account; once completed, the account holds none.
 */
export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("open"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** The end of the 30th Lagos day after the request: our promise. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** The person agreed, when asking, to give up what is left in their ZavCharge wallet. */
    forfeitsZavchargeBalance: boolean("forfeits_zavcharge_balance").notNull().default(false),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    decidedById: text("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    /** What each part of the site removed or anonymised, as counts of rows: nothing personal. */
    outcome: jsonb("outcome").$type<Record<string, number>>(),
    /** When staff were reminded that the due day is near (once per request). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** The "your data is deleted" e-mail, anonymised in the outbox once it has gone out. */
    noticeOutboxId: integer("notice_outbox_id").references(() => outbox.id, { onDelete: "set null" }),
  },
  (t) => [
    check("deletion_requests_status_check", sql`${t.status} in ('open', 'withdrawn', 'completed', 'declined')`),
    // One open request per person: a second ask finds the first.
    uniqueIndex("deletion_requests_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index("deletion_requests_status_idx").on(t.status, t.dueAt),
    index("deletion_requests_user_idx").on(t.userId, t.requestedAt),
  ],
);

/**
 * A one-way fingerprint (HMAC under the server secret) of each address whose owner had their data deleted
 * (docs/product/privacy-requests.md#never-again): lists imported later skip them. The address itself is not kept.
 */
export const erasedAddressFingerprints = pgTable("erased_address_fingerprints", {
  fingerprint: text("fingerprint").primaryKey(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});
