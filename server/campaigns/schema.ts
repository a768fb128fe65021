import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, mayReferTo } from "../db/columns";
import { mayReferToUser } from "../auth/schema";
import { outbox } from "../messaging/schema";

/** A campaign (docs/product/campaigns.md): what staff composed, and how its sending went. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    createdBy: mayReferToUser("created_by"),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    logoUrl: text("logo_url"),
    audience: text("audience").notNull(),
    status: text("status").notNull().default("sending"),
    /** Batch errors ("Batch error: ...", docs/product/campaigns.md#sending). */
    errors: jsonb("errors").$type<string[]>().notNull().default([]),
    createdAt: atNow("created_at"),
    finishedAt: at("finished_at"),
  },
  (t) => [
    check("campaigns_audience_check", sql`${t.audience} in ('subscribers', 'list')`),
    check("campaigns_status_check", sql`${t.status} in ('sending', 'done', 'failed')`),
  ],
);

/**
 * The tracking record (docs/product/campaigns.md#progress), one per recipient. `pending` until its batch is queued; `skipped`
 * (with the reason) for an address without marketing consent; once queued, delivery state is the outbox row's.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    campaignId: belongsTo("campaign_id", () => campaigns.id),
    email: text("email").notNull(),
    name: text("name"),
    source: text("source").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`array[]::text[]`),
    status: text("status").notNull().default("pending"),
    skipReason: text("skip_reason"),
    outboxId: mayReferTo("outbox_id", () => outbox.id),
    createdAt: atNow("created_at"),
  },
  (t) => [
    unique("campaign_recipients_email_unique").on(t.campaignId, t.email),
    index("campaign_recipients_status_idx").on(t.campaignId, t.status),
    check("campaign_recipients_status_check", sql`${t.status} in ('pending', 'queued', 'skipped')`),
  ],
);
