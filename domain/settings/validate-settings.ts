import { z } from "zod";
import { refuse, succeed, type TResult } from "../errors/app-error";
import { SETTINGS, type TSettingKey, type TSettings } from "./settings";

type TSettingEntry = (typeof SETTINGS)[TSettingKey];

/** The rule of one setting, from its entry: a switch, a text within its length, or a whole number within its range. */
export function settingSchema(entry: TSettingEntry): z.ZodType {
  const { label } = entry;
  switch (entry.kind) {
    case "boolean":
      return z.boolean();
    case "text":
    case "textarea":
      return z.string().trim().min(1, `${label} cannot be empty`).max(entry.max, `${label} is too long (max ${entry.max} characters)`);
    default: {
      const basisPoints = entry.kind === "basisPoints";
      const shown = (n: number) => (basisPoints ? n / 100 : n);
      return z
        .number({ error: `${label} must be a number` })
        .int(basisPoints ? `${label} can have at most two decimals` : `${label} must be a whole number`)
        .min(entry.min, `${label} must be at least ${shown(entry.min)}`)
        .max(entry.max, `${label} must be at most ${shown(entry.max)}`);
    }
  }
}

/**
 * Checks submitted settings against each setting's rule (docs/product/settings.md). All or nothing: one
 * invalid or unknown setting refuses the whole change, with a message for each.
 */
export function validateSettings(input: Record<string, unknown>, current?: TSettings): TResult<{ values: Partial<TSettings> }> {
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    if (!(key in SETTINGS)) {
      errors[key] = "Unknown setting";
      continue;
    }
    const parsed = settingSchema(SETTINGS[key as TSettingKey]).safeParse(raw);
    if (parsed.success) values[key] = parsed.data;
    else errors[key] = parsed.error.issues[0]?.message ?? "Invalid value";
  }
  if (current) {
    // The referral rate never above the maximum commission (docs/product/refer-and-earn.md#commissions), whichever moves.
    const next = { ...current, ...(values as Partial<TSettings>) };
    if (next.referralCommission > next.maxCommission) {
      const field = "referralCommission" in values ? "referralCommission" : "maxCommission";
      errors[field] ??=
        `The referral commission (${next.referralCommission}%) cannot be above the maximum commission (${next.maxCommission}%)`;
    }
  }
  const [first] = Object.entries(errors);
  if (first) return refuse("invalid_input", first[1], { field: first[0], fieldErrors: errors });
  return succeed({ values: values as Partial<TSettings> });
}
