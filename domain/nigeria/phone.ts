// Nigerian phone numbers (docs/product/validation-and-messages.md#phone-numbers): 0 or 234, then 7, 8 or 9, then 9 digits.
const NIGERIAN_MOBILE = /^(?:234|0)[789]\d{9}$/;

export function isNigerianPhone(input: string): boolean {
  return NIGERIAN_MOBILE.test(input.replace(/\D/g, ""));
}

/** Formats to +234...: a leading 0 becomes +234, a leading 234 gets a plus, otherwise +234 is prepended. */
export function formatNigerianPhone(input: string): string {
  const digits = input.replace(/\D/g, "");
  if (digits.startsWith("0")) return `+234${digits.slice(1)}`;
  if (digits.startsWith("234")) return `+${digits}`;
  return `+234${digits}`;
}

/**
 * A mobile number as old systems and spreadsheets hold it ("0803 123 4567", "+234 803...", "234803...", or "803..." once a
 * spreadsheet dropped the leading 0) as +234...; null when it is not a Nigerian mobile number.
 */
export function nigerianMobileOrNull(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  const national = /^[789]\d{9}$/.test(digits) ? `0${digits}` : digits;
  return NIGERIAN_MOBILE.test(national) ? formatNigerianPhone(national) : null;
}
