import { eq } from "drizzle-orm";
import type { TNotificationView } from "@domain/notifications/notifications";
import { getDb } from "../db/client";
import { toNotificationView } from "./notification-view";
import { notifications } from "./schema";

/** One notification for the realtime fan-out, or undefined if it is gone. */
export async function getNotificationView(id: number): Promise<{ userId: string; view: TNotificationView } | undefined> {
  const [row] = await getDb().select().from(notifications).where(eq(notifications.id, id));
  return row ? { userId: row.userId, view: toNotificationView(row) } : undefined;
}
