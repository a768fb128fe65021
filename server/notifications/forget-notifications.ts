import { eq, ne } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { eraseMentions, personNeedles } from "../db/erase-text";
import { notificationPreferences, notifications, reminderLog } from "./schema";

/**
 * The person's notifications and reminder log go (docs/product/privacy-requests.md). Their preferences become "nothing,
 * by no channel" rather than the defaults, so no reminder or notice is ever stored or e-mailed to the account again.
 * Other people's notifications that name them ("Ngozi Okafor ordered ...", to staff) keep their text without the name.
 */
export async function forgetNotifications(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  // One after another on the transaction's connection, which runs one statement at a time.
  const gone = await tx.delete(notifications).where(eq(notifications.userId, p.userId)).returning({ id: notifications.id });
  const logged = await tx.delete(reminderLog).where(eq(reminderLog.userId, p.userId)).returning({ kind: reminderLog.kind });
  const off = {
    email: false,
    inApp: false,
    courseReminders: false,
    subscriptionReminders: false,
    blogUpdates: false,
    academyAnnouncements: false,
    zavChargeUpdates: false,
    marketingEmails: false,
    updatedAt: new Date(),
  };
  await tx
    .insert(notificationPreferences)
    .values({ userId: p.userId, ...off })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: off });
  const needles = personNeedles(p);
  const others = await eraseMentions(
    tx,
    notifications,
    [notifications.title, notifications.message],
    needles,
    ne(notifications.userId, p.userId),
  );
  return { rows: gone.length + logged.length + 1 + others };
}
