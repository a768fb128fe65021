import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "../db/client";
import { publishEvent } from "../realtime/publish";
import { notifications } from "./schema";

/** Marks all of the user's notifications read; the user's other tabs hear of it through the realtime link. */
export async function markAllRead(userId: string): Promise<{ changed: number }> {
  return getDb().transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: new Date(), updatedAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length) await publishEvent(tx, { userId, type: "notifications_read", payload: { all: true, unread: 0 } });
    return { changed: changed.length };
  });
}
