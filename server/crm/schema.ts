import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, mayReferTo } from "../db/columns";
import type { TImportError, TImportRow } from "@domain/crm/crm-import";
import { belongsToUser, mayReferToUser } from "../auth/schema";
import { outbox } from "../messaging/schema";

// The CRM (docs/product/crm.md): one record per e-mail address, gathered from the other parts of the site, plus what
// the team adds to it (owner, tags, notes, next actions, e-mails sent from the record).

export const crmContacts = pgTable(
  "crm_contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased and trimmed: the record's identity. */
    email: text("email").notNull(),
    name: text("name"),
    phone: text("phone"),
    /** Where we first met the person: account, newsletter, contact, booking, order, zavcharge, academy, campaign, import, manual. */
    source: text("source").notNull(),
    status: text("status").notNull().default("lead"),
    /** When a member of staff marked the person inactive; activity after it makes them active again. */
    markedInactiveAt: at("marked_inactive_at"),
    ownerId: mayReferToUser("owner_id"),
    userId: mayReferToUser("user_id"),
    /** Kept by the gathering (docs/product/crm.md#gathering): orders paid, and whether the newsletter reaches them. */
    paidOrders: integer("paid_orders").notNull().default(0),
    subscribed: boolean("subscribed").notNull().default(false),
    consent: text("consent").notNull().default("unknown"),
    consentSource: text("consent_source"),
    consentAt: at("consent_at"),
    createdAt: atNow("created_at"),
    lastActivityAt: atNow("last_activity_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    uniqueIndex("crm_contacts_email_unique").on(t.email),
    index("crm_contacts_activity_idx").on(t.lastActivityAt),
    index("crm_contacts_owner_idx").on(t.ownerId),
    check("crm_contacts_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("crm_contacts_status_check", sql`${t.status} in ('lead', 'subscriber', 'customer', 'inactive')`),
    check("crm_contacts_consent_check", sql`${t.consent} in ('unknown', 'granted', 'withdrawn')`),
  ],
);

export const crmContactTags = pgTable(
  "crm_contact_tags",
  {
    contactId: belongsTo("contact_id", () => crmContacts.id),
    tag: text("tag").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tag] }), index("crm_contact_tags_tag_idx").on(t.tag)],
);

/** What the team did on a record: a note, an e-mail sent from it, an assignment, a status change. */
export const crmActivities = pgTable(
  "crm_activities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    contactId: belongsTo("contact_id", () => crmContacts.id),
    authorId: mayReferToUser("author_id"),
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    outboxId: mayReferTo("outbox_id", () => outbox.id),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("crm_activities_contact_idx").on(t.contactId, t.createdAt),
    check("crm_activities_kind_check", sql`${t.kind} in ('note', 'email', 'assigned', 'status', 'tagged', 'imported', 'merged')`),
  ],
);

/** A follow-up the team owes the person, with the day it is due. */
export const crmNextActions = pgTable(
  "crm_next_actions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    contactId: belongsTo("contact_id", () => crmContacts.id),
    title: text("title").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    createdById: mayReferToUser("created_by_id"),
    doneAt: at("done_at"),
    doneById: mayReferToUser("done_by_id"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    index("crm_next_actions_open_idx")
      .on(t.dueOn)
      .where(sql`${t.doneAt} is null`),
    index("crm_next_actions_contact_idx").on(t.contactId),
  ],
);

/** A member of staff's named filter set on the list (the list's query string). */
export const crmSavedViews = pgTable(
  "crm_saved_views",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: atNow("created_at"),
  },
  (t) => [unique("crm_saved_views_name_unique").on(t.userId, t.name)],
);

/**
 * A bulk import (docs/product/crm.md#import): checked and shown as a preview first ("ready"), then imported in batches by
 * the "crm-import" job with its progress counted here, resumed where it stopped after a restart.
 */
export const crmImports = pgTable(
  "crm_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    createdById: mayReferToUser("created_by_id"),
    fileName: text("file_name").notNull(),
    status: text("status").notNull().default("ready"),
    /** The people in the file agreed to marketing from us (recorded as an import's consent: crm.md#consent). */
    consent: boolean("consent").notNull().default(false),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`array[]::text[]`),
    rows: jsonb("rows").$type<TImportRow[]>().notNull(),
    errors: jsonb("errors").$type<TImportError[]>().notNull().default([]),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    merged: integer("merged").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    duplicatesInFile: integer("duplicates_in_file").notNull().default(0),
    createdAt: atNow("created_at"),
    startedAt: at("started_at"),
    finishedAt: at("finished_at"),
    /** Why a batch failed and the import stopped (the database's words, never the rows). */
    error: text("error"),
  },
  (t) => [check("crm_imports_status_check", sql`${t.status} in ('ready', 'queued', 'done', 'cancelled', 'stopped')`)],
);

/** An address merged into another record by staff: the gathering and new messages find the kept record through it. */
export const crmContactAliases = pgTable("crm_contact_aliases", {
  email: text("email").primaryKey(),
  contactId: belongsTo("contact_id", () => crmContacts.id),
  mergedById: mayReferToUser("merged_by_id"),
  createdAt: atNow("created_at"),
});
