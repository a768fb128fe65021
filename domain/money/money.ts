import { madeOnce } from "../text/made-once";
/** 4850000 -> "4,850,000". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Money is integer kobo everywhere; this is the one place it becomes naira text: "₦4,850,000.00", "-₦2,500.00", as
 * Intl's en-NG currency format writes it. Written out by hand because the browser's first Intl currency formatter costs
 * tens of milliseconds of a phone's CPU on every page that shows a price (docs/performance.md), and the same code on
 * server and browser prints the same text.
 */
export function formatKobo(kobo: number): string {
  const k = Math.abs(Math.round(kobo));
  return `${kobo < 0 && k > 0 ? "-" : ""}₦${groupThousands(Math.floor(k / 100))}.${String(k % 100).padStart(2, "0")}`;
}

const nairaCode = madeOnce(() => new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", currencyDisplay: "code" }));

/** "NGN 4,850,000.00": for documents whose fonts have no naira sign (PDF standard fonts). */
export function formatKoboAsCode(kobo: number): string {
  return nairaCode()
    .format(kobo / 100)
    .replace(/\u00a0/g, " ");
}

/**
 * "75,000", "₦75,000.50", "75000" or "0" as kobo; null when it is not a naira amount. Kobo beyond two places,
 * negative numbers and letters are refused rather than guessed at.
 */
export function parseNairaToKobo(typed: string): number | null {
  const s = typed.replace(/[₦\s]/g, "").replace(/^NGN/i, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.replace(/,/g, "").split(".");
  const kobo = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/** Kobo as a number a spreadsheet sums, in naira with two places and no separators: 7500050 -> "75000.50". */
export function koboAsNairaDecimal(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const k = Math.abs(kobo);
  return `${sign}${Math.floor(k / 100)}.${String(k % 100).padStart(2, "0")}`;
}

/** Kobo as the price field shows it: 7500000 -> "75,000", 7500050 -> "75,000.50". */
export function koboToNairaInput(kobo: number): string {
  const naira = groupThousands(Math.floor(kobo / 100));
  const rest = kobo % 100;
  return rest ? `${naira}.${String(rest).padStart(2, "0")}` : naira;
}
