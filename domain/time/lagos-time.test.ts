import { describe, expect, it } from "vitest";
import {
  addDays,
  formatCalendarDate,
  formatLagosDate,
  formatLagosDateFull,
  formatLagosDateLong,
  formatLagosDateTime,
  formatLagosDateTimeLong,
  formatLagosTimestamp,
  lagosDayStart,
  lagosToday,
} from "./lagos-time";

// 23:30 UTC on 1 March is 00:30 on 2 March in Lagos.
const LATE_UTC = "2026-03-01T23:30:00Z";

describe("Lagos formatters", () => {
  it("print the Lagos day and clock, not the UTC ones", () => {
    expect(formatLagosDateTime(LATE_UTC)).toBe("2 Mar 2026, 00:30");
    expect(formatLagosDateTimeLong(LATE_UTC)).toBe("2 March 2026 at 00:30");
    expect(formatLagosTimestamp(LATE_UTC)).toBe("02/03/2026, 00:30:00");
    expect(formatLagosDate(LATE_UTC)).toBe("2 Mar 2026");
    expect(formatLagosDateLong(LATE_UTC)).toBe("2 March 2026");
    expect(formatLagosDateFull(LATE_UTC)).toBe("Monday, 2 March 2026");
    // A blog post's date (docs/product/content.md).
    expect(formatLagosDateLong("2026-11-11T23:30:00Z")).toBe("12 November 2026");
  });

  it("take a Date or an ISO string alike", () => {
    expect(formatLagosDateTime(new Date("2026-11-23T11:28:05Z"))).toBe("23 Nov 2026, 12:28");
    expect(formatLagosDateTime("2026-11-23T11:28:05Z")).toBe("23 Nov 2026, 12:28");
    expect(formatLagosTimestamp(new Date("2026-11-23T11:28:05Z"))).toBe("23/11/2026, 12:28:05");
  });

  it("turn the day at 23:00 UTC", () => {
    expect(formatLagosDate("2026-12-31T22:59:59Z")).toBe("31 Dec 2026");
    expect(formatLagosDate("2026-12-31T23:00:00Z")).toBe("1 Jan 2027");
    expect(formatLagosDateTime("2026-12-31T23:00:00Z")).toBe("1 Jan 2027, 00:00");
  });

  it("spell out a calendar day without shifting it", () => {
    expect(formatCalendarDate("2026-12-01")).toBe("Tuesday, 1 December 2026");
    expect(formatCalendarDate("2028-02-29")).toBe("Tuesday, 29 February 2028");
  });
});

describe("Lagos calendar days", () => {
  it("today is the Lagos date", () => {
    expect(lagosToday(new Date("2026-12-01T22:59:59Z"))).toBe("2026-12-01");
    expect(lagosToday(new Date("2026-12-01T23:00:00Z"))).toBe("2026-12-02");
  });

  it("a day starts at 23:00 UTC the evening before", () => {
    expect(lagosDayStart("2026-03-02").toISOString()).toBe("2026-03-01T23:00:00.000Z");
    expect(lagosDayStart(lagosToday(new Date(LATE_UTC))).getTime()).toBeLessThanOrEqual(new Date(LATE_UTC).getTime());
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-02", 183)).toBe("2027-06-03");
  });
});
