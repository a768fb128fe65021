import { eq } from "drizzle-orm";
import { DEFAULT_PREFERENCES, type TPreferenceValues } from "@domain/notifications/notifications";
import type { DbOrTx } from "../db/client";
import { notificationPreferences } from "./schema";

/** A user's eight switches as stored, or the defaults when they never changed one. */
export async function readPreferences(db: DbOrTx, userId: string): Promise<TPreferenceValues> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (!row) return { ...DEFAULT_PREFERENCES };
  const { userId: _id, updatedAt: _at, ...prefs } = row;
  return prefs;
}
