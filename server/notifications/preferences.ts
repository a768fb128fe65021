import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import { notificationPreferences, type TNotificationType } from "./schema";

/** SPEC 3 notification preferences, the eight switches of the "Notification Preferences" dialog. */
export const ZPreferences = z.object({
  email: z.boolean(),
  inApp: z.boolean(),
  courseReminders: z.boolean(),
  subscriptionReminders: z.boolean(),
  blogUpdates: z.boolean(),
  academyAnnouncements: z.boolean(),
  zavChargeUpdates: z.boolean(),
  marketingEmails: z.boolean(),
});
export type TPreferences = z.infer<typeof ZPreferences>;
export type TPreferenceKey = keyof TPreferences;

/** All on except marketing e-mail, which needs the user's own yes (NDPA 2023). */
export const DEFAULT_PREFERENCES: TPreferences = {
  email: true,
  inApp: true,
  courseReminders: true,
  subscriptionReminders: true,
  blogUpdates: true,
  academyAnnouncements: true,
  zavChargeUpdates: true,
  marketingEmails: false,
};

/** The content switch that governs a notification type; types without one (orders, payments) always pass. */
export const TOPIC_PREFERENCE: Partial<Record<TNotificationType, TPreferenceKey>> = {
  course_deadline: "courseReminders",
  subscription_renewal: "subscriptionReminders",
  blog_post: "blogUpdates",
  academy_announcement: "academyAnnouncements",
  zavcharge_maintenance: "zavChargeUpdates",
  charging: "zavChargeUpdates",
};

export async function getPreferences(db: DbOrTx, userId: string): Promise<TPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_PREFERENCES };
  const { userId: _id, updatedAt: _at, ...prefs } = row;
  return prefs;
}

/** Saves some or all switches; the others keep their stored or default value. */
export async function updatePreferences(db: DbOrTx, userId: string, patch: Partial<TPreferences>): Promise<TPreferences> {
  const current = await getPreferences(db, userId);
  const next = { ...current, ...ZPreferences.partial().parse(patch) };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...next })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...next, updatedAt: sql`now()` } });
  return next;
}
