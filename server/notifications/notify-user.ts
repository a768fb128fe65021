import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "../auth/schema";
import { enqueueEmail } from "../messaging/enqueue-email";
import { notificationEmail } from "../messaging/notification-emails";
import { publicUrl } from "../env";
import { publishEvent } from "../realtime/publish";
import type { TPreferenceKey } from "@domain/notifications/notifications";
import { readPreferences } from "./read-preferences";
import { notifications, type TNotificationPriority, type TNotificationType } from "./schema";

export type TNotifyInput = {
  userId: string;
  type: TNotificationType;
  title: string;
  message: string;
  priority?: TNotificationPriority;
  /** A path on this site the notification opens. */
  link?: string;
  metadata?: Record<string, unknown>;
  scheduledFor?: Date;
  /** Also e-mail it, if the user keeps e-mail notifications on (reminders do; order updates have their own e-mails). */
  emailCopy?: boolean;
  /** The e-mail copy's subject when the title alone would not tell one e-mail from the next. */
  emailSubject?: string;
  /**
   * The content switch that governs this notification when its type has none of its own: the academy's reminders
   * (assignment due, live session) are of type "course" but the "Course Deadlines" switch turns them off.
   */
  preference?: TPreferenceKey;
};

export type TNotifyResult = { notificationId: number | null; emailed: boolean };

/** The content switch that governs a notification type; types without one (orders, payments) always pass. */
const TOPIC_PREFERENCE: Partial<Record<TNotificationType, TPreferenceKey>> = {
  course_deadline: "courseReminders",
  subscription_renewal: "subscriptionReminders",
  blog_post: "blogUpdates",
  academy_announcement: "academyAnnouncements",
  zavcharge_maintenance: "zavChargeUpdates",
  charging: "zavChargeUpdates",
};

/**
 * The one way to tell a user something. Checks their preferences (the topic's switch, then in-app and
 * e-mail), stores the notification, queues the e-mail copy and publishes the live event, all inside the
 * caller's transaction so they happen together or not at all.
 */
export async function notifyUser(tx: DbOrTx, input: TNotifyInput): Promise<TNotifyResult> {
  const prefs = await readPreferences(tx, input.userId);
  const topic = input.preference ?? TOPIC_PREFERENCE[input.type];
  if (topic && !prefs[topic]) return { notificationId: null, emailed: false };

  let notificationId: number | null = null;
  if (prefs.inApp) {
    const [row] = await tx
      .insert(notifications)
      .values({
        userId: input.userId,
        type: input.type,
        title: input.title,
        message: input.message,
        priority: input.priority ?? "medium",
        link: input.link ?? null,
        metadata: input.metadata ?? {},
        scheduledFor: input.scheduledFor ?? null,
      })
      .returning({ id: notifications.id });
    notificationId = row!.id;
    await publishEvent(tx, { userId: input.userId, type: "notification", payload: { id: notificationId } });
  }

  let emailed = false;
  if (input.emailCopy && prefs.email) {
    const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, input.userId));
    if (user) {
      await enqueueEmail(
        tx,
        `notification:${input.type}`,
        user,
        notificationEmail(
          { name: user.name, title: input.title, subject: input.emailSubject, message: input.message, link: input.link },
          publicUrl(),
        ),
      );
      emailed = true;
    }
  }
  return { notificationId, emailed };
}
