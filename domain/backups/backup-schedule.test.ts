import { describe, expect, it } from "vitest";
import { backupDue, backupStale, backupsToKeep, lastScheduledStart, nextScheduledStart } from "./backup-schedule";

const at = (iso: string) => new Date(iso);

describe("the daily backup's timetable", () => {
  it("falls at the set hour in Lagos, an hour ahead of UTC", () => {
    // 02:00 in Lagos is 01:00 UTC.
    expect(lastScheduledStart(at("2026-12-02T01:30:00Z"), 2)).toEqual(at("2026-12-02T01:00:00Z"));
    expect(lastScheduledStart(at("2026-12-02T00:59:00Z"), 2)).toEqual(at("2026-12-01T01:00:00Z"));
    expect(nextScheduledStart(at("2026-12-02T00:59:00Z"), 2)).toEqual(at("2026-12-02T01:00:00Z"));
    // Midnight in Lagos is 23:00 UTC the day before.
    expect(lastScheduledStart(at("2026-12-02T10:00:00Z"), 0)).toEqual(at("2026-12-01T23:00:00Z"));
    expect(lastScheduledStart(at("2026-12-01T23:00:00Z"), 0)).toEqual(at("2026-12-01T23:00:00Z"));
  });

  it("is due once per day, and not on the day the site first starts", () => {
    const since = at("2026-12-01T15:00:00Z");
    expect(backupDue(at("2026-12-01T20:00:00Z"), 2, null, since)).toBe(false);
    expect(backupDue(at("2026-12-02T01:05:00Z"), 2, null, since)).toBe(true);
    expect(backupDue(at("2026-12-02T01:20:00Z"), 2, at("2026-12-02T01:05:00Z"), since)).toBe(false);
    // A backup someone started by hand in the afternoon does not stand in for the next night's.
    expect(backupDue(at("2026-12-03T01:00:00Z"), 2, at("2026-12-02T14:00:00Z"), since)).toBe(true);
  });

  it("calls backups stale after 26 hours without a good one", () => {
    const since = at("2026-11-01T00:00:00Z");
    expect(backupStale(at("2026-12-02T03:00:00Z"), at("2026-12-01T01:01:00Z"), since)).toBe(false);
    expect(backupStale(at("2026-12-02T03:02:00Z"), at("2026-12-01T01:01:00Z"), since)).toBe(true);
    expect(backupStale(at("2026-11-02T01:00:00Z"), null, since)).toBe(false);
    expect(backupStale(at("2026-11-02T02:01:00Z"), null, since)).toBe(true);
  });
});

describe("the rotation", () => {
  const daily = (days: number, from = "2026-12-02T01:10:00Z") =>
    Array.from({ length: days }, (_, i) => ({ id: i + 1, finishedAt: new Date(at(from).getTime() - i * 86_400_000) }));

  it("keeps a week of dailies, a month of weeklies and a year of monthlies", () => {
    const backups = daily(400);
    const kept = backupsToKeep(backups);
    const keptDates = backups.filter((b) => kept.has(b.id)).map((b) => b.finishedAt.toISOString().slice(0, 10));
    // 7 dailies (26 Nov - 2 Dec); Sundays 22, 15 Nov close three more weeks; month ends 31 Oct back to 31 Jan.
    expect(keptDates.slice(0, 7)).toEqual([
      "2026-12-02",
      "2026-12-01",
      "2026-11-30",
      "2026-11-29",
      "2026-11-28",
      "2026-11-27",
      "2026-11-26",
    ]);
    expect(keptDates).toContain("2026-11-22");
    expect(keptDates).toContain("2026-11-15");
    expect(keptDates).not.toContain("2026-11-08");
    expect(keptDates).toContain("2026-10-31");
    expect(keptDates).toContain("2026-01-31");
    expect(keptDates).not.toContain("2025-12-31");
    expect(kept.size).toBe(7 + 2 + 10);
  });

  it("keeps the newest of several on one day, and always the newest of all", () => {
    const sameDay = [
      { id: 1, finishedAt: at("2026-12-02T01:10:00Z") },
      { id: 2, finishedAt: at("2026-12-02T13:40:00Z") },
    ];
    expect([...backupsToKeep(sameDay)]).toEqual([2]);
    expect([...backupsToKeep([{ id: 9, finishedAt: at("2020-01-01T00:00:00Z") }])]).toEqual([9]);
    expect(backupsToKeep([]).size).toBe(0);
  });
});
