import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

/**
 * Newsletter subscribers (docs/product/content.md#newsletter), kept on the server with double opt-in: a row starts `pending`
 * and becomes `active` only from the link e-mailed to the address (NDPA 2023: consent we can prove).
 * Tokens are stored as SHA-256 hashes; the unsubscribe token lives as long as the subscription.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    name: text("name"),
    /** Interests general, updates, offers; default general (docs/product/content.md#newsletter). */
    preferences: text("preferences")
      .array()
      .notNull()
      .default(sql`array['general']::text[]`),
    status: text("status").notNull().default("pending"),
    source: text("source").notNull().default("footer"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmSentAt: at("confirm_sent_at"),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    consentIp: text("consent_ip"),
    userId: mayReferToUser("user_id"),
    createdAt: atNow("created_at"),
    confirmedAt: at("confirmed_at"),
    unsubscribedAt: at("unsubscribed_at"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_subscribers_confirm_idx").on(t.confirmTokenHash),
    uniqueIndex("newsletter_subscribers_unsubscribe_idx").on(t.unsubscribeTokenHash),
    check("newsletter_subscribers_status_check", sql`${t.status} in ('pending', 'active', 'unsubscribed')`),
  ],
);

/** Messages from the contact form (docs/product/content.md#contact). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    inquiryType: text("inquiry_type").notNull(),
    message: text("message").notNull(),
    status: text("status").notNull().default("new"),
    userId: mayReferToUser("user_id"),
    ip: text("ip"),
    createdAt: atNow("created_at"),
    /** When staff answered (an e-mail from the CRM record, or marked answered there): docs/product/content.md#contact. */
    answeredAt: at("answered_at"),
    answeredBy: mayReferToUser("answered_by"),
    /** When the team was told the message had waited past the promised 24 hours (once per message). */
    overdueNotifiedAt: at("overdue_notified_at"),
  },
  (t) => [
    check("contact_messages_status_check", sql`${t.status} in ('new', 'answered', 'spam')`),
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_waiting_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'new'`),
  ],
);

/** Blog posts (docs/product/content.md#blog). Only `published` posts are public, listed, in the sitemap and in reminders. */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Plain text; blank lines separate paragraphs. Rendered as text, never as HTML. */
    content: text("content").notNull(),
    featuredImage: text("featured_image"),
    author: text("author").notNull(),
    authorId: mayReferToUser("author_id"),
    status: text("status").notNull().default("draft"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`array[]::text[]`),
    publishedAt: at("published_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    check("blog_posts_status_check", sql`${t.status} in ('draft', 'published', 'archived')`),
    index("blog_posts_published_idx").on(t.status, t.publishedAt),
  ],
);
