import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "../db/client";
import { publishEvent } from "../realtime/publish";
import { countUnread } from "./count-unread";
import { notifications } from "./schema";

/**
 * Marks one of the user's notifications read (someone else's id changes nothing and returns false). The
 * user's other tabs hear of it through the realtime link.
 */
export async function markRead(userId: string, id: number): Promise<{ changed: boolean; unread: number }> {
  return getDb().transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date(), updatedAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    const unread = await countUnread(tx, userId);
    if (changed.length) await publishEvent(tx, { userId, type: "notifications_read", payload: { ids: [id], unread } });
    return { changed: changed.length > 0, unread };
  });
}
