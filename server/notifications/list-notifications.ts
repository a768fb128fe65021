import { and, desc, eq, lt } from "drizzle-orm";
import type { TNotificationPage } from "@domain/notifications/notifications";
import { getDb } from "../db/client";
import { countUnread } from "./count-unread";
import { toNotificationView } from "./notification-view";
import { notifications } from "./schema";

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * A page of the user's notifications, newest first; `before` is the smallest id of the previous page. Every
 * query is scoped to the user, so one user can never read another's.
 */
export async function listNotifications(userId: string, opts: { before?: number; limit?: number } = {}): Promise<TNotificationPage> {
  const db = getDb();
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), opts.before ? lt(notifications.id, opts.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(Math.min(opts.limit ?? NOTIFICATIONS_PAGE_SIZE, 100));
  return { notifications: rows.map(toNotificationView), unread: await countUnread(db, userId) };
}
