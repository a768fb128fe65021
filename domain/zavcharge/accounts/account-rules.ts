// ZavCharge accounts (docs/product/zavcharge.md#accounts): the welcome credit, the subscription id, PINs and
// what a PIN session may not do, the account's state, and the staff's subscriber list. Shared by the browser and
// the server: no zod here.
import { formatKobo } from "../../money/money";

/** A new account starts with ₦1,000 of charging credit (docs/product/zavcharge.md#accounts). */
export const WELCOME_CREDIT_KOBO = 100_000;
/** The plan every new account starts on. */
export const DEFAULT_PLAN_CODE = "monthly";
export const PIN_LENGTH = 6;
/** A PIN session lasts 12 hours; a reset code 15 minutes and 5 tries. */
export const PIN_SESSION_HOURS = 12;

/**
 * What a driver is told when their account opens (docs/product/zavcharge.md#welcome-credit): the id, the welcome credit
 * or that it went to them before, and a generated PIN, once.
 */
export function accountOpenedMessage(a: {
  code: string;
  welcomeCreditKobo: number;
  welcomeAwaitsPhone: boolean;
  generatedPin: string | null;
}): string {
  return [
    `Your subscription ID is ${a.code}.`,
    a.welcomeCreditKobo > 0
      ? `${formatKobo(a.welcomeCreditKobo)} welcome bonus added.`
      : a.welcomeAwaitsPhone
        ? `Enter the code we texted to your phone to receive your ${formatKobo(WELCOME_CREDIT_KOBO)} welcome bonus and first month free.`
        : "Top up and choose a plan to start charging: the welcome bonus goes once per person.",
    a.generatedPin ? `Your PIN is ${a.generatedPin}: keep it safe, we will not show it again.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * How a driver is signed in: the site account's password, or a PIN session (docs/product/zavcharge.md#pins). A PIN
 * opens the dashboard's everyday things only; what cannot be undone or moves the account to someone else needs the
 * password.
 */
export type TDriverSignIn = "password" | "pin";
export const PIN_SESSION_REFUSALS = {
  close: "To delete your ZavCharge account, sign in with your Zavolah e-mail and password.",
  phone: "To change your phone number, sign in with your Zavolah e-mail and password.",
} as const;
export const PIN_RESET_MINUTES = 15;
export const PIN_RESET_TRIES = 5;

/** What a driver sees as the account's state: the badge is green only for "active". */
export type TAccountState = "active" | "expired" | "suspended" | "closed";

export function accountState(a: { status: string; planExpiresAt: Date | null }, now: Date): TAccountState {
  if (a.status === "closed") return "closed";
  if (a.status === "suspended") return "suspended";
  if (!a.planExpiresAt || a.planExpiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export const ACCOUNT_STATE_LABELS: Record<TAccountState, string> = {
  active: "Active",
  expired: "Plan expired",
  suspended: "Suspended",
  closed: "Closed",
};

const CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The subscription id: ZAV + the last 8 digits of the time in milliseconds + 4 uppercase letters
 * (docs/product/zavcharge.md#accounts). `randomIndex(n)` returns 0..n-1; the server passes a crypto source.
 */
export function subscriptionCode(nowMs: number, randomIndex: (n: number) => number): string {
  const digits = String(Math.floor(nowMs)).slice(-8).padStart(8, "0");
  let letters = "";
  for (let i = 0; i < 4; i++) letters += CODE_LETTERS[randomIndex(CODE_LETTERS.length)];
  return `ZAV${digits}${letters}`;
}

export const SUBSCRIPTION_CODE_PATTERN = /^ZAV\d{8}[A-Z]{4}$/;

/** Typed ids are trimmed and upper-cased, so "zav12345678abcd " finds the account. */
export function normaliseSubscriptionCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The PIN field keeps digits only (docs/product/zavcharge.md#messages). */
export function pinDigits(raw: string): string {
  return raw.replace(/\D/g, "").slice(0, PIN_LENGTH);
}

export function isValidPin(pin: string): boolean {
  return /^\d{6}$/.test(pin);
}

/** A generated PIN: 100000-999999. */
export function generatedPin(randomIndex: (n: number) => number): string {
  return String(100_000 + randomIndex(900_000));
}

/** Staff reasons (suspension, wallet adjustment): required, this long at most. */
export const STAFF_REASON_MAX = 500;
export const SUBSCRIBER_STATUS_FILTERS = ["all", "active", "expired", "suspended", "closed"] as const;
export type TSubscriberStatusFilter = (typeof SUBSCRIBER_STATUS_FILTERS)[number];
/** The staff figures cover this many days (docs/product/zavcharge.md). */
export const FIGURES_DAYS = 30;
