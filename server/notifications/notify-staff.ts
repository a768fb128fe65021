import { eq } from "drizzle-orm";
import { users } from "../auth/schema";
import type { DbOrTx } from "../db/client";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { staffNotificationEmail } from "../messaging/staff-emails";
import type { TNotificationPriority } from "./schema";
import { notifyUser } from "./notify-user";

export type TStaffNotice = {
  userId: string;
  priority: TNotificationPriority;
  subject: string;
  message: string;
  actionRequired: string;
  /** The page on this site where the work is done. */
  link: string;
  actionLabel: string;
};

/**
 * An internal notification to one member of staff (docs/product/notifications-and-reminders.md#staff-notifications):
 * in the bell (if they keep in-app notifications on) and always by e-mail, as the staff notification template, inside
 * the caller's transaction.
 */
export async function notifyStaff(tx: DbOrTx, n: TStaffNotice): Promise<void> {
  const [member] = await tx.select({ name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.id, n.userId));
  if (!member || member.role === "customer") return;
  await notifyUser(tx, { userId: n.userId, type: "other", title: n.subject, message: n.message, priority: n.priority, link: n.link });
  await enqueueEmail(
    tx,
    "staff-notification",
    { email: member.email, name: member.name },
    staffNotificationEmail({
      staffName: member.name,
      staffEmail: member.email,
      priority: n.priority,
      subject: n.subject,
      message: n.message,
      actionRequired: n.actionRequired,
      actionUrl: `${publicUrl()}${n.link}`,
      actionLabel: n.actionLabel,
    }),
  );
}

/** The same notice to every admin (a backup failed, the admins changed), inside the caller's transaction. */
export async function notifyAdmins(tx: DbOrTx, n: Omit<TStaffNotice, "userId">): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
  for (const admin of admins) await notifyStaff(tx, { ...n, userId: admin.id });
}
