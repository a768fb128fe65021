import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";

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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<TNotificationType>().notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    priority: text("priority").$type<TNotificationPriority>().notNull().default("medium"),
    /** Where a click takes the user (an order, a post); never an outside address. */
    link: text("link"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per reminder sent: (user, kind, item) is the primary key, so a reminder goes out once however
 * often its job runs, after restarts and across instances.
 */
export const reminderLog = pgTable(
  "reminder_log",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    itemKey: text("item_key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.itemKey] })],
);
