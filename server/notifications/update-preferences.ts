import { sql } from "drizzle-orm";
import type { TPreferenceValues } from "@domain/notifications/notifications";
import { getDb } from "../db/client";
import { readPreferences } from "./read-preferences";
import { notificationPreferences } from "./schema";

/** Saves some or all switches; the others keep their stored or default value. Answers with all eight. */
export async function updatePreferences(userId: string, patch: Partial<TPreferenceValues>): Promise<TPreferenceValues> {
  return getDb().transaction(async (tx) => {
    const next = { ...(await readPreferences(tx, userId)), ...patch };
    await tx
      .insert(notificationPreferences)
      .values({ userId, ...next })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...next, updatedAt: sql`now()` } });
    return next;
  });
}
