import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";
import { belongsToUser, users } from "../auth/schema";

export const NOTIFICATION_TYPES = [
  "course_deadline",
  "subscription_renewal",
  "blog_post",
  "academy_announcement",
  "zavcharge_maintenance",
  "course",
  "order",
  "payment",
  "charging",
  "investment",
  "other",
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATION_PRIORITIES = ["high", "medium", "low"] as const;
export type TNotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** A notification (docs/product/notifications-and-reminders.md), per user on the server (the bell reads it; /ws pushes new rows). */
export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    type: text("type").$type<TNotificationType>().notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    priority: text("priority").$type<TNotificationPriority>().notNull().default("medium"),
    /** Where a click takes the user (an order, a post); never an outside address. */
    link: text("link"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    scheduledFor: at("scheduled_for"),
    readAt: at("read_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check("notifications_priority_check", sql`${t.priority} in ('high', 'medium', 'low')`),
    check(
      "notifications_type_check",
      sql`${t.type} in ('course_deadline', 'subscription_renewal', 'blog_post', 'academy_announcement', 'zavcharge_maintenance', 'course', 'order', 'payment', 'charging', 'investment', 'other')`,
    ),
  ],
);

/** Preferences (docs/product/notifications-and-reminders.md); no row means the defaults (all on except marketing e-mail). */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: boolean("email").notNull().default(true),
  inApp: boolean("in_app").notNull().default(true),
  courseReminders: boolean("course_reminders").notNull().default(true),
  subscriptionReminders: boolean("subscription_reminders").notNull().default(true),
  blogUpdates: boolean("blog_updates").notNull().default(true),
  academyAnnouncements: boolean("academy_announcements").notNull().default(true),
  zavChargeUpdates: boolean("zavcharge_updates").notNull().default(true),
  marketingEmails: boolean("marketing_emails").notNull().default(false),
  updatedAt: atNow("updated_at"),
});

/**
 * One row per reminder sent: (user, kind, item) is the primary key, so a reminder goes out once however
 * often its job runs, after restarts and across instances.
 */
export const reminderLog = pgTable(
  "reminder_log",
  {
    userId: belongsToUser("user_id"),
    kind: text("kind").notNull(),
    itemKey: text("item_key").notNull(),
    sentAt: atNow("sent_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemKey] })],
);
