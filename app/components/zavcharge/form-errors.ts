import type { TFormRefusal } from "~/lib/action-answer";

/** Each field's message of a refused form, the single-field refusals (a taken slug) included. */
export function fieldErrorsIn(failed: TFormRefusal | null): Record<string, string | undefined> {
  if (!failed) return {};
  const e = failed.error;
  return { ...(e.field ? { [e.field]: e.message } : {}), ...e.fieldErrors };
}
