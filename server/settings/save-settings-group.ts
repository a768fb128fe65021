import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { parseSettingsForm, SETTING_GROUPS, type TSettingGroup, type TSettingKey, type TSettings } from "@domain/settings/settings";
import { validateSettings } from "@domain/settings/validate-settings";
import { updateSettings } from "./update-settings";

/**
 * Saves one group of the admin settings form (docs/product/settings.md): every value checked against its rule and the
 * settings it depends on (the referral rate against the maximum commission), all or nothing.
 */
export async function saveSettingsGroup(
  adminId: string,
  fields: Record<string, string>,
  current: TSettings,
): Promise<TResult<{ group: TSettingGroup; changed: TSettingKey[] }>> {
  const group = fields.group as TSettingGroup;
  if (!Object.hasOwn(SETTING_GROUPS, group)) return refuse("invalid_input", "Unknown settings group");
  const valid = validateSettings(parseSettingsForm(group, fields), current);
  if (!valid.ok) return valid;
  const { changed } = await updateSettings(adminId, valid.values);
  return succeed({ group, changed });
}
