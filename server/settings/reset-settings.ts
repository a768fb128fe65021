import { eq, inArray } from "drizzle-orm";
import { SETTING_KEYS, SETTINGS, type TSettingKey, type TSettings } from "@domain/settings/settings";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { getSettings } from "./get-settings";
import { siteSettings } from "./schema";

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
