import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";

/**
 * Durable outbox for e-mail and SMS. A row is written in the same transaction as the event that causes
 * it and delivered later by the outbox job, so a crash between the two loses nothing. `recipient` is an
 * e-mail address or, for SMS, a +234 number; SMS rows leave `subject` and `html` empty.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    channel: text("channel").notNull().default("email"),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    toName: text("to_name"),
    /** Campaigns send from their own sender; null means MAIL_FROM. */
    fromEmail: text("from_email"),
    fromName: text("from_name"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Marketing mail carries an unsubscribe link and goes only to people who agreed to it. */
    marketing: boolean("marketing").notNull().default(false),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: atNow("next_attempt_at"),
    lastError: text("last_error"),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    /**
     * Sent with the message where the provider honours one (Brevo's idempotencyKey): a message sent again after a
     * worker died between the provider's answer and our "sent" (docs/product/messaging.md#providers) is not delivered twice.
     */
    idempotencyKey: uuid("idempotency_key").notNull().defaultRandom(),
    createdAt: atNow("created_at"),
    sentAt: at("sent_at"),
  },
  (t) => [
    check("outbox_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    check("outbox_channel_check", sql`${t.channel} in ('email', 'sms')`),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_recipient_idx").on(t.recipient),
  ],
);
