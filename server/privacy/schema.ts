import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow, mayReferTo } from "../db/columns";
import { belongsToUser, mayReferToUser } from "../auth/schema";
import { outbox } from "../messaging/schema";

/**
 * A person's request to delete their data (docs/product/privacy-requests.md). It never holds the person's details
 * itself: while it is open, staff read them from the account; once completed, the account holds none.
 */
export const deletionRequests = pgTable(
  "deletion_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    status: text("status").notNull().default("open"),
    requestedAt: atNow("requested_at"),
    /** The end of the 30th Lagos day after the request: our promise. */
    dueAt: at("due_at").notNull(),
    /** The person agreed, when asking, to give up what is left in their ZavCharge wallet. */
    forfeitsZavchargeBalance: boolean("forfeits_zavcharge_balance").notNull().default(false),
    withdrawnAt: at("withdrawn_at"),
    decidedById: mayReferToUser("decided_by_id"),
    decidedAt: at("decided_at"),
    declineReason: text("decline_reason"),
    /** What each part of the site removed or anonymised, as counts of rows: nothing personal. */
    outcome: jsonb("outcome").$type<Record<string, number>>(),
    /** When staff were reminded that the due day is near (once per request). */
    remindedAt: at("reminded_at"),
    /** The "your data is deleted" e-mail, anonymised in the outbox once it has gone out. */
    noticeOutboxId: mayReferTo("notice_outbox_id", () => outbox.id),
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
  erasedAt: atNow("erased_at"),
});
