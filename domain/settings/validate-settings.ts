import { refuse, succeed, type TResult } from "../errors/app-error";
import { SETTINGS, type TSettingKey, type TSettings } from "./settings";

/**
 * Checks submitted settings against each setting's rule (docs/product/settings.md). All or nothing: one
 * invalid or unknown setting refuses the whole change, with a message for each.
 */
export function validateSettings(input: Record<string, unknown>): TResult<{ values: Partial<TSettings> }> {
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    if (!(key in SETTINGS)) {
      errors[key] = "Unknown setting";
      continue;
    }
    const parsed = SETTINGS[key as TSettingKey].schema.safeParse(raw);
    if (parsed.success) values[key] = parsed.data;
    else errors[key] = parsed.error.issues[0]?.message ?? "Invalid value";
  }
  const [first] = Object.entries(errors);
  if (first) return refuse("invalid_input", first[1], { field: first[0], fieldErrors: errors });
  return succeed({ values: values as Partial<TSettings> });
}
