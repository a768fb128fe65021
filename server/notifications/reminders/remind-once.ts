import { getDb } from "../../db/client";
import { log } from "../../log";
import { notifyUser, type TNotifyInput } from "../notify-user";
import { reminderLog } from "../schema";

export type TReminder = {
  userId: string;
  /** The reminder kind (the notification type) and the item it is about: together sent once per user. */
  kind: string;
  itemKey: string;
  notification: Omit<TNotifyInput, "userId" | "emailCopy">;
};

/**
 * Sends each reminder at most once: the reminder_log row and the notification are written in one
 * transaction, and a row that already exists (an earlier run, another instance running now) sends nothing.
 * Returns how many were sent. One failure is logged and does not stop the others.
 */
export async function remindOnce(reminders: TReminder[]): Promise<number> {
  let sent = 0;
  for (const r of reminders) {
    try {
      const fresh = await getDb().transaction(async (tx) => {
        const [row] = await tx
          .insert(reminderLog)
          .values({ userId: r.userId, kind: r.kind, itemKey: r.itemKey })
          .onConflictDoNothing()
          .returning({ userId: reminderLog.userId });
        if (!row) return false;
        await notifyUser(tx, { ...r.notification, userId: r.userId, emailCopy: true });
        return true;
      });
      if (fresh) sent++;
    } catch (error) {
      log.error({ kind: r.kind, itemKey: r.itemKey, userId: r.userId, error }, "reminder failed");
    }
  }
  return sent;
}
