import { and, count, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { TNotificationPage, TNotificationView } from "@domain/notifications/notifications";
import { getDb, type DbOrTx } from "../db/client";
import { publishEvent } from "../realtime/publish";
import { notifications } from "./schema";

// The bell's use cases: a user's notifications, newest first, and their read state. Every query is scoped
// to the user, so one user can never read or mark another's.

export const PAGE_SIZE = 20;

type TRow = typeof notifications.$inferSelect;

export function toView(row: TRow): TNotificationView {
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

export async function unreadCount(userId: string, db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** A page of the user's notifications, newest first; `before` is the smallest id of the previous page. */
export async function listNotifications(userId: string, opts: { before?: number; limit?: number } = {}): Promise<TNotificationPage> {
  const db = getDb();
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), opts.before ? lt(notifications.id, opts.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(Math.min(opts.limit ?? PAGE_SIZE, 100));
  return { notifications: rows.map(toView), unread: await unreadCount(userId, db) };
}

/** Catch-up after a reconnect: everything newer than the last id the client saw (newest first, at most 100). */
export async function notificationsSince(userId: string, afterId: number): Promise<TNotificationPage> {
  const db = getDb();
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(desc(notifications.id))
    .limit(100);
  return { notifications: rows.map(toView), unread: await unreadCount(userId, db) };
}

/** One notification for the realtime fan-out, or undefined if it is gone. */
export async function getNotificationView(id: number): Promise<{ userId: string; view: TNotificationView } | undefined> {
  const [row] = await getDb().select().from(notifications).where(eq(notifications.id, id));
  return row ? { userId: row.userId, view: toView(row) } : undefined;
}

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
    const unread = await unreadCount(userId, tx);
    if (changed.length) await publishEvent(tx, { userId, type: "notifications_read", payload: { ids: [id], unread } });
    return { changed: changed.length > 0, unread };
  });
}

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
