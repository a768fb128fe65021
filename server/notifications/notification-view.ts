import type { TNotificationView } from "@domain/notifications/notifications";
import type { notifications } from "./schema";

/** A stored notification as the browser sees it. */
export function toNotificationView(row: typeof notifications.$inferSelect): TNotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    priority: row.priority,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
