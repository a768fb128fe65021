import { and, count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { notifications } from "./schema";

/** How many of the user's notifications are unread (the bell's badge). */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
