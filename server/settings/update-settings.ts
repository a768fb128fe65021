import type { TSettingKey, TSettings } from "@domain/settings/settings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { getSettings } from "./get-settings";
import { siteSettings } from "./schema";

/** Writes validated settings (see validateSettings); changes and their audit entries land in one transaction. */
export async function updateSettings(actorId: string, values: Partial<TSettings>): Promise<{ changed: TSettingKey[] }> {
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
  return { changed };
}
