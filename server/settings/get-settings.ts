import { defaultSettings, SETTINGS, type TSettingKey, type TSettings } from "~/lib/settings";
import { getDb, type DbOrTx } from "../db/client";
import { log } from "../log";
import { siteSettings } from "./schema";

/** Stored values merged over the defaults; a stored value that no longer validates falls back to its default. */
export async function getSettings(db: DbOrTx = getDb()): Promise<TSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  const settings = defaultSettings() as Record<TSettingKey, unknown>;
  for (const row of rows) {
    if (!(row.key in SETTINGS)) continue;
    const key = row.key as TSettingKey;
    const parsed = SETTINGS[key].schema.safeParse(row.value);
    if (parsed.success) settings[key] = parsed.data;
    else log.warn({ key }, "stored setting is invalid; using its default");
  }
  return settings as TSettings;
}
