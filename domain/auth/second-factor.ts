// Two-factor sign-in (docs/product/accounts.md#two-factor-authentication): the factor types and states, and the rules of
// the codes texted to a phone. Shared by the account page, the sign-in dialog and the server.

/** The second factors: an authenticator app (TOTP) and a phone that receives a code by text message. */
export const SECOND_FACTOR_TYPES = ["totp", "phone"] as const;
export type TSecondFactorType = (typeof SECOND_FACTOR_TYPES)[number];

/** A factor is unverified until a first code proves it; only a verified factor signs anyone in. */
export const FACTOR_STATUSES = ["unverified", "verified"] as const;
export type TFactorStatus = (typeof FACTOR_STATUSES)[number];

/** How the second sign-in step is answered: a texted code, an authenticator code, or a recovery code. */
export const SECOND_STEP_METHODS = ["sms", "totp", "recovery"] as const;
export type TSecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

export function isSecondStepMethod(value: unknown): value is TSecondStepMethod {
  return (SECOND_STEP_METHODS as readonly unknown[]).includes(value);
}

/**
 * The second step's choices after the right password: the methods the account has (a verified phone, a verified
 * authenticator app; recovery codes always), the phone shown masked, and what happened to the code texted at once to
 * an account whose only factor is its phone (`sent`, or the refusal's `notice`).
 */
export type TSecondStep = { methods: TSecondStepMethod[]; phone: string | null; sent: boolean; notice?: string };

/** Texted codes: 6 digits, valid 10 minutes, 5 tries, one live code per account, at most one a minute and 5 an hour. */
export const SMS_CODE = { digits: 6, validMinutes: 10, tries: 5, resendSeconds: 60, perHour: 5 } as const;

/** The one text a code is sent in: fixed words, nothing a person typed. */
export function signInCodeText(code: string): string {
  return `Your Zavolah sign-in code is ${code}. It expires in ${SMS_CODE.validMinutes} minutes. Never share it.`;
}

/** The text that proves a phone number (a ZavCharge driver's): fixed words, as the sign-in code's. */
export function phoneProofCodeText(code: string): string {
  return `Your Zavolah code to confirm this phone is ${code}. It expires in ${SMS_CODE.validMinutes} minutes. Never share it.`;
}

/** A +234 number shown with only its last four digits ("+234 *** *** 4567"), for screens a passer-by might see. */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `+234 *** *** ${digits.slice(-4)}`;
}

/** "1 minute", "12 minutes", "45 seconds": how long to wait before the next code. */
export function waitLabel(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} second${s === 1 ? "" : "s"}`;
  }
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}
