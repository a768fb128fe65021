import { parseNairaToKobo } from "../money/money";
import { nigerianMobileOrNull } from "../nigeria/phone";
import type { TOrderStatus, TPaymentMethod } from "../orders/order-status";
import { lagosLocalToInstant } from "../time/lagos-time";

// How the old system's cells become ours (docs/product/data-migration.md#conversions): money to kobo, phones to +234,
// dates to UTC, the old words for statuses and payment methods to ours. Each answers the value or the reason a person
// reads beside the refused line. Pure, so the dry run and the import convert a file the same way.

export type TConverted<T> = { value: T } | { reason: string };

export const isRefusal = <T>(c: TConverted<T>): c is { reason: string } => "reason" in c;

/** "₦1,250,000.50", "1250000.5", "NGN 1,250,000" as kobo; negatives, letters and kobo beyond two places are refused. */
export function nairaToKobo(cell: string): TConverted<number> {
  const kobo = parseNairaToKobo(cell.trim());
  return kobo === null ? { reason: `"${cell.trim()}" is not a naira amount: write it like 1,250,000.50` } : { value: kobo };
}

/** "0803 123 4567", "803 123 4567", "234803...", "+234 803..." as +234...; anything else is refused. */
export function phoneToE164(cell: string): TConverted<string> {
  const phone = nigerianMobileOrNull(cell);
  return phone ? { value: phone } : { reason: "Phone is not a Nigerian mobile number" };
}

const DATE_HINT = "use 25/11/2024 14:30, 2024-11-25 or 2024-11-25T14:30:00+01:00";

/**
 * A date or time as old systems write it, as a UTC instant. With a zone ("2024-11-25T14:30:00Z", "+01:00") it is that
 * instant; without one it is Lagos time: "2024-11-25" (midnight), "2024-11-25 14:30", "25/11/2024" and
 * "25/11/2024 14:30" (day first, as Nigerians write dates). Days the calendar does not have are refused.
 */
export function legacyDateToUtc(cell: string): TConverted<Date> {
  const s = cell.trim();
  const zoned = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})$/i.exec(s);
  if (zoned) {
    const zone = zoned[3]!.toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, "$1:$2");
    const d = new Date(`${zoned[1]}T${zoned[2]}${zone}`);
    const day = lagosLocalToInstant(`${zoned[1]}T00:00`); // the calendar day must exist
    return Number.isNaN(d.getTime()) || !day ? { reason: `"${s}" is not a date: ${DATE_HINT}` } : { value: d };
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
  const parts = iso
    ? { y: iso[1]!, m: iso[2]!, d: iso[3]!, h: iso[4], min: iso[5], sec: iso[6] }
    : dayFirst
      ? { y: dayFirst[3]!, m: dayFirst[2]!, d: dayFirst[1]!, h: dayFirst[4], min: dayFirst[5], sec: dayFirst[6] }
      : null;
  if (!parts) return { reason: `"${s}" is not a date: ${DATE_HINT}` };
  const pad = (n: string | undefined) => (n ?? "0").padStart(2, "0");
  const minute = lagosLocalToInstant(`${parts.y}-${pad(parts.m)}-${pad(parts.d)}T${pad(parts.h)}:${pad(parts.min)}`);
  const seconds = Number(parts.sec ?? 0);
  if (!minute || seconds > 59) return { reason: `"${s}" is not a date: ${DATE_HINT}` };
  return { value: new Date(minute.getTime() + seconds * 1000) };
}

/** A word as a key for the tables below: lower case, words joined by single spaces. */
export const normaliseWord = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The old system's order statuses in our words; unpaid ones are refused (see below). */
const ORDER_STATUS_WORDS: Record<string, Exclude<TOrderStatus, "pending_payment">> = {
  paid: "paid",
  "payment received": "paid",
  confirmed: "paid",
  processing: "processing",
  "in progress": "processing",
  packed: "processing",
  "ready to ship": "processing",
  shipped: "shipped",
  dispatched: "shipped",
  "in transit": "shipped",
  "out for delivery": "shipped",
  delivered: "delivered",
  completed: "delivered",
  complete: "delivered",
  fulfilled: "delivered",
  closed: "delivered",
  cancelled: "cancelled",
  canceled: "cancelled",
  void: "cancelled",
  voided: "cancelled",
  failed: "cancelled",
  refunded: "refunded",
  returned: "refunded",
};
const UNPAID_WORDS = new Set(["pending", "pending payment", "awaiting payment", "unpaid", "on hold", "new", "draft", "abandoned"]);

/**
 * The old system's word for an order's status as ours. An unpaid order is refused: here every order waiting for
 * payment holds stock and is cancelled when the hold lapses, which an old order cannot do.
 */
export function orderStatusFromOldWord(cell: string): TConverted<Exclude<TOrderStatus, "pending_payment">> {
  const word = normaliseWord(cell);
  const status = ORDER_STATUS_WORDS[word];
  if (status) return { value: status };
  if (UNPAID_WORDS.has(word)) return { reason: "Unpaid orders are not brought over: ask the customer to order again on this site" };
  return {
    reason: `Unknown status "${cell.trim()}": use Paid, Processing, Shipped, Delivered, Cancelled or Refunded (or the old words for them)`,
  };
}

const PAYMENT_WORDS: Record<string, TPaymentMethod> = {
  paystack: "paystack",
  card: "paystack",
  "debit card": "paystack",
  "credit card": "paystack",
  online: "paystack",
  ussd: "paystack",
  flutterwave: "flutterwave",
  rave: "flutterwave",
  "bank transfer": "bank_transfer",
  transfer: "bank_transfer",
  bank: "bank_transfer",
  "bank deposit": "bank_transfer",
  deposit: "bank_transfer",
  cash: "pay_on_delivery",
  "pay on delivery": "pay_on_delivery",
  "cash on delivery": "pay_on_delivery",
  cod: "pay_on_delivery",
  pod: "pay_on_delivery",
  pos: "pay_on_delivery",
};

/** How the old order was paid, in our words; an empty cell is a bank transfer (see data-migration.md#orders). */
export function paymentMethodFromOldWord(cell: string): TConverted<TPaymentMethod> {
  const word = normaliseWord(cell);
  if (!word) return { value: "bank_transfer" };
  const method = PAYMENT_WORDS[word];
  return method
    ? { value: method }
    : { reason: `Unknown payment method "${cell.trim()}": use Card, Flutterwave, Bank transfer or Pay on delivery` };
}

/** A whole number between min and max ("1,200" allowed); `what` names it in the reason. */
export function wholeNumber(cell: string, what: string, min: number, max: number): TConverted<number> {
  const s = cell.trim().replace(/,/g, "");
  if (!/^\d+$/.test(s)) return { reason: `The ${what} "${cell.trim()}" is not a whole number` };
  const n = Number(s);
  return n < min || n > max
    ? { reason: `The ${what} must be between ${min.toLocaleString("en-NG")} and ${max.toLocaleString("en-NG")}` }
    : { value: n };
}

const YES = new Set(["yes", "y", "true", "1", "active", "published", "on sale", "enabled", "visible", "live"]);
const NO = new Set(["no", "n", "false", "0", "inactive", "draft", "hidden", "disabled", "withdrawn", "archived", "unpublished"]);

/** Yes or no, as spreadsheets and old systems write it. */
export function yesOrNo(cell: string, what: string): TConverted<boolean> {
  const word = normaliseWord(cell);
  if (YES.has(word)) return { value: true };
  if (NO.has(word)) return { value: false };
  return { reason: `"${cell.trim()}" is not a yes or no for ${what}` };
}
