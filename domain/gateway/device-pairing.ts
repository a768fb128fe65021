// Pairing an Arduino device with a person's account (docs/product/api-gateway.md#arduino-devices): a one-time code of
// eight characters from an alphabet without look-alikes (no I, L, O, U), shown as two groups of four, typed into the
// device's set-up in any case and with or without the dash. Pure: the browser shows it, the server checks it.

export const PAIRING_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const PAIRING_CODE_LENGTH = 8;
/** How long a code can be used, in minutes. */
export const PAIRING_CODE_MINUTES = 10;
/** Codes a person may have waiting at once. */
export const PAIRING_CODES_OPEN_MAX = 3;

/** "7Q4KM2XP" as people read it: "7Q4K-M2XP". */
export const formatPairingCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The code a person typed, in its stored form, or null when it cannot be one. */
export function normalisePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  for (const c of code) if (!PAIRING_ALPHABET.includes(c)) return null;
  return code;
}
