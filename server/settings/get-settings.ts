import { defaultSettings, SETTINGS, type TSettingKey, type TSettings } from "@domain/settings/settings";
import { settingSchema } from "@domain/settings/validate-settings";
import { getDb, getDbHandle, type DbHandle, type DbOrTx } from "../db/client";
import { contentVersion } from "../http/page-cache";
import { log } from "../log";
import { siteSettings } from "./schema";

/** Stored values merged over the defaults; a stored value that no longer validates falls back to its default. */
export async function getSettings(db: DbOrTx = getDb()): Promise<TSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  const settings = defaultSettings() as Record<TSettingKey, unknown>;
  for (const row of rows) {
    if (!(row.key in SETTINGS)) continue;
    const key = row.key as TSettingKey;
    const parsed = settingSchema(SETTINGS[key]).safeParse(row.value);
    if (parsed.success) settings[key] = parsed.data;
    else log.warn({ key }, "stored setting is invalid; using its default");
  }
  return settings as TSettings;
}

// Every request reads the settings (the access middleware checks feature switches); this keeps them in
// memory per content version: updateSettings/resetSettings bump it, so this process sees a change at once,
// and other instances (PostgreSQL, several processes) within CACHE_MS.
const CACHE_MS = 10_000;
// Kept per database handle too: a process that opens another database (each test file has its own) never reads the
// first one's settings.
let cached: { handle: DbHandle; version: number; expires: number; settings: Promise<TSettings> } | null = null;

/** getSettings() for the request path: the same values, at most one query per CACHE_MS or content change. */
export function getCachedSettings(): Promise<TSettings> {
  const version = contentVersion();
  const handle = getDbHandle();
  if (cached && cached.handle === handle && cached.version === version && cached.expires > Date.now()) return cached.settings;
  const settings = getSettings();
  const entry = { handle, version, expires: Date.now() + CACHE_MS, settings };
  cached = entry;
  settings.catch(() => {
    if (cached === entry) cached = null; // never keep a failed read
  });
  return settings;
}
