import { eq, inArray } from "drizzle-orm";
import { SETTING_KEYS, SETTINGS, type TSettingKey, type TSettings } from "@domain/settings/settings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { getSettings } from "./get-settings";
import { siteSettings } from "./schema";

export type TSettingErrors = Partial<Record<string, string>>;

/** Validates every given setting; if any is invalid nothing is written. Changes and audit land in one transaction. */
export async function updateSettings(
  actorId: string,
  input: Record<string, unknown>,
): Promise<{ ok: true; changed: TSettingKey[] } | { ok: false; errors: TSettingErrors }> {
  const errors: TSettingErrors = {};
  const values: Partial<Record<TSettingKey, unknown>> = {};
  for (const [key, raw] of Object.entries(input)) {
    if (!(key in SETTINGS)) {
      errors[key] = "Unknown setting";
      continue;
    }
    const parsed = SETTINGS[key as TSettingKey].schema.safeParse(raw);
    if (parsed.success) values[key as TSettingKey] = parsed.data;
    else errors[key] = parsed.error.issues[0]?.message ?? "Invalid value";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const changed = await getDb().transaction(async (tx) => {
    const current = await getSettings(tx);
    const keys = (Object.keys(values) as TSettingKey[]).filter((k) => current[k] !== values[k]);
    for (const key of keys) {
      await tx
        .insert(siteSettings)
        .values({ key, value: values[key], updatedBy: actorId, updatedAt: new Date() })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: values[key], updatedBy: actorId, updatedAt: new Date() } });
      await recordAudit(tx, {
        actorId,
        action: "setting.update",
        resourceType: "setting",
        resourceId: key,
        oldData: current[key],
        newData: values[key],
      });
    }
    return keys;
  });
  if (changed.length > 0) bumpContentVersion(); // cached public pages show settings (hero, menus, features)
  return { ok: true, changed };
}

/** Restores every default: removes stored values and logs what each was. */
export async function resetSettings(actorId: string): Promise<TSettingKey[]> {
  const reset = await getDb().transaction(async (tx) => {
    const current: TSettings = await getSettings(tx);
    const rows = await tx.select({ key: siteSettings.key }).from(siteSettings).where(inArray(siteSettings.key, SETTING_KEYS));
    for (const { key } of rows) {
      await tx.delete(siteSettings).where(eq(siteSettings.key, key));
      const k = key as TSettingKey;
      await recordAudit(tx, {
        actorId,
        action: "setting.reset",
        resourceType: "setting",
        resourceId: k,
        oldData: current[k],
        newData: SETTINGS[k].def,
      });
    }
    return rows.map((r) => r.key as TSettingKey);
  });
  bumpContentVersion();
  return reset;
}
