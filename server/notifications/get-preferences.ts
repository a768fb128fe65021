import type { TPreferenceValues } from "@domain/notifications/notifications";
import { getDb } from "../db/client";
import { readPreferences } from "./read-preferences";

/** The "Notification Preferences" dialog's switches for this user. */
export async function getPreferences(userId: string): Promise<TPreferenceValues> {
  return readPreferences(getDb(), userId);
}
