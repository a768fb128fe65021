import { and, desc, eq, gt } from "drizzle-orm";
import type { TNotificationPage } from "@domain/notifications/notifications";
import { getDb } from "../db/client";
import { countUnread } from "./count-unread";
import { toNotificationView } from "./notification-view";
import { notifications } from "./schema";

/** Catch-up after a reconnect: everything newer than the last id the client saw (newest first, at most 100). */
export async function listNotificationsSince(userId: string, afterId: number): Promise<TNotificationPage> {
  const db = getDb();
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(desc(notifications.id))
    .limit(100);
  return { notifications: rows.map(toNotificationView), unread: await countUnread(db, userId) };
}
