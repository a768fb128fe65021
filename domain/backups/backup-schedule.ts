// When the daily backup runs, which backups are kept and when the admins are told the last good one is too old
// (docs/operations.md#backups). Pure, so the admin page states the same rotation the server applies.

/** The rotation: the newest good backup of each of the last 7 days, 4 weeks and 12 months that have one. */
export const BACKUP_ROTATION = { daily: 7, weekly: 4, monthly: 12 } as const;

/** The admins are told when the last good backup is older than this. */
export const BACKUP_STALE_HOURS = 26;

/** Lagos keeps West Africa Time, UTC+1, all year. */
const LAGOS_OFFSET_MS = 60 * 60_000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** The latest moment, at or before `now`, when the clock in Lagos read `hourLagos`:00. */
export function lastScheduledStart(now: Date, hourLagos: number): Date {
  const lagos = now.getTime() + LAGOS_OFFSET_MS;
  const todayAtHour = Math.floor(lagos / DAY_MS) * DAY_MS + hourLagos * HOUR_MS;
  const start = todayAtHour <= lagos ? todayAtHour : todayAtHour - DAY_MS;
  return new Date(start - LAGOS_OFFSET_MS);
}

/** The next moment after `now` when the daily backup is due. */
export function nextScheduledStart(now: Date, hourLagos: number): Date {
  return new Date(lastScheduledStart(now, hourLagos).getTime() + DAY_MS);
}

/**
 * Whether the daily backup is due: no backup has started since the last scheduled hour. `watchingSince` is when the
 * schedule first ran on this database, so a new site makes its first backup at the next scheduled hour, not at once.
 */
export function backupDue(now: Date, hourLagos: number, lastStartedAt: Date | null, watchingSince: Date): boolean {
  const due = lastScheduledStart(now, hourLagos);
  return due > watchingSince && (!lastStartedAt || lastStartedAt < due);
}

/**
 * Whether the admins must hear that backups have stopped: the last good one is older than BACKUP_STALE_HOURS or,
 * with none yet, the schedule has been running that long.
 */
export function backupStale(now: Date, lastGoodAt: Date | null, watchingSince: Date): boolean {
  const since = lastGoodAt ?? watchingSince;
  return now.getTime() - since.getTime() > BACKUP_STALE_HOURS * HOUR_MS;
}

const lagosDay = (at: Date) => Math.floor((at.getTime() + LAGOS_OFFSET_MS) / DAY_MS);
/** Weeks start on Monday, as Nigerian calendars print them (1970-01-01, day 0, was a Thursday). */
const lagosWeek = (at: Date) => Math.floor((lagosDay(at) + 3) / 7);
const lagosMonth = (at: Date) => {
  const d = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * The good backups the rotation keeps, by id: in each period kind, the newest backup of each of the most recent
 * periods that have one. The newest backup is always kept, so an older one is removed only after a newer one is checked.
 */
export function backupsToKeep<T extends { id: number; finishedAt: Date }>(good: T[]): Set<number> {
  const newestFirst = [...good].sort((a, b) => b.finishedAt.getTime() - a.finishedAt.getTime());
  const keep = new Set<number>();
  const pick = (periodOf: (at: Date) => number, count: number) => {
    const seen = new Set<number>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.finishedAt);
      if (seen.has(period)) continue;
      if (seen.size === count) break;
      seen.add(period);
      keep.add(backup.id);
    }
  };
  pick(lagosDay, BACKUP_ROTATION.daily);
  pick(lagosWeek, BACKUP_ROTATION.weekly);
  pick(lagosMonth, BACKUP_ROTATION.monthly);
  return keep;
}

/** The rotation in words, for the admin page. */
export function rotationInWords(): string {
  const { daily, weekly, monthly } = BACKUP_ROTATION;
  return `The newest backup of each of the last ${daily} days, ${weekly} weeks and ${monthly} months is kept; older ones are removed after a newer one is written and checked.`;
}
