// Dates and times as people read them, and the Lagos calendar day: every date shown and every "today" is
// Africa/Lagos time (UTC+1 all year, no daylight saving; docs/product/business-constants.md). The database
// keeps UTC instants. Each formatter names the zone and the locale, so the page the server renders and the
// page the browser hydrates print the same text. Isomorphic: no server imports.
import { madeOnce } from "../text/made-once";

const LAGOS = "Africa/Lagos";

/** A formatter of instants in Lagos time with these options; its Intl.DateTimeFormat is made on first use. */
function lagosFormat(options: Intl.DateTimeFormatOptions): (d: Date | string) => string {
  const format = madeOnce(() => new Intl.DateTimeFormat("en-NG", { timeZone: LAGOS, ...options }));
  return (d) => format().format(new Date(d));
}

const isoDay = madeOnce(() => new Intl.DateTimeFormat("en-CA", { timeZone: LAGOS, year: "numeric", month: "2-digit", day: "2-digit" }));

/** "23 Nov 2026, 12:28": back-office lists, order pages and timelines. */
export const formatLagosDateTime = lagosFormat({ dateStyle: "medium", timeStyle: "short" });

/** "23 November 2026 at 12:28": receipts and e-mails. */
export const formatLagosDateTimeLong = lagosFormat({ dateStyle: "long", timeStyle: "short" });

/** "23/11/2026, 12:28:05": to the second, for the audit log and the mailbox. */
export const formatLagosTimestamp = lagosFormat({
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** "12:28": the time of day alone, 24-hour (statements, where the date has its own column). */
export const formatLagosTime = lagosFormat({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "23 Nov 2026". */
export const formatLagosDate = lagosFormat({ dateStyle: "medium" });

/** "23 November 2026". */
export const formatLagosDateLong = lagosFormat({ dateStyle: "long" });

/** "Monday, 23 November 2026". */
export const formatLagosDateFull = lagosFormat({ dateStyle: "full" });

/**
 * Whether a text is a calendar day written YYYY-MM-DD: "2026-13-45" has the shape but is no date (Date.parse gives NaN,
 * which must read as "not a date", not throw), nor is "2026-02-30".
 */
export function isCalendarDate(v: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(v) &&
    !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
    new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v
  );
}

/** A calendar day kept as YYYY-MM-DD (a booked visit), spelt out: "2026-12-01" -> "Tuesday, 1 December 2026". */
export function formatCalendarDate(isoDate: string): string {
  // Noon UTC is 13:00 in Lagos, the same calendar day.
  return formatLagosDateFull(`${isoDate}T12:00:00Z`);
}

const dayMonth = madeOnce(() => new Intl.DateTimeFormat("en-NG", { timeZone: "UTC", day: "numeric", month: "short" }));
const monthYear = madeOnce(() => new Intl.DateTimeFormat("en-NG", { timeZone: "UTC", month: "short", year: "numeric" }));

/** A calendar day (YYYY-MM-DD) or month (YYYY-MM) as a chart's axis shows it: "24 Nov", "Nov 2026". */
export function formatChartDay(isoDateOrMonth: string): string {
  return isoDateOrMonth.length === 7
    ? monthYear().format(new Date(`${isoDateOrMonth}-01T12:00:00Z`))
    : dayMonth().format(new Date(`${isoDateOrMonth}T12:00:00Z`));
}

/** Today's calendar date in Lagos, as YYYY-MM-DD. */
export function lagosToday(now = new Date()): string {
  return isoDay().format(now);
}

/** The instant a Lagos calendar day (YYYY-MM-DD) starts. */
export function lagosDayStart(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00+01:00`);
}

/** A calendar date (YYYY-MM-DD) some days on (or back, when negative). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A time typed in a datetime-local field ("2026-12-01T09:00"), read as Lagos time (UTC+1, no daylight saving),
 * as the instant; null when it is not such a time.
 */
export function lagosLocalToInstant(typed: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(typed.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00+01:00`);
  if (Number.isNaN(d.getTime())) return null;
  // Refuse dates the calendar rolls over (2026-02-31).
  const back = new Date(d.getTime() + 3_600_000).toISOString();
  return back.slice(0, 16) === `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` ? d : null;
}

/** An instant as a datetime-local value in Lagos time, for a field's default. */
export function instantToLagosLocal(d: Date | string): string {
  return new Date(new Date(d).getTime() + 3_600_000).toISOString().slice(0, 16);
}
