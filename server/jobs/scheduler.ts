import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { log } from "../log";
import { scheduledJobs } from "./schema";

// The durable scheduler: periodic jobs whose timetable lives in scheduled_jobs, so it survives restarts
// and is shared by every instance. A run starts only after one conditional UPDATE claimed the row (due and
// not leased), so two instances never run one job at once. A run holds a lease it renews while working; a
// crashed instance stops renewing, its lease runs out and the next poll anywhere runs the job again.

export type TJobState = Record<string, unknown>;

export type TJobRun = {
  /** What the job stored after its last successful run (e.g. the time of the last blog check). */
  state: TJobState;
  /** When this run was claimed, by the scheduler's clock. */
  startedAt: Date;
  /** Aborted at shutdown: a long job (a campaign) stops between steps and resumes on its next run. */
  signal: AbortSignal;
};

export type TJob = {
  name: string;
  label: string;
  description: string;
  periodSeconds: number;
  /** Returns the state to keep for the next run, or nothing to keep the current one. */
  run(ctx: TJobRun): Promise<TJobState | void>;
};

export type TSchedulerOptions = {
  pollMs: number;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
  /** Injected in tests to move time on without waiting. */
  clock?: () => Date;
};

export const DEFAULT_LEASE_MS = 5 * 60_000;

const WAKE_KEY = Symbol.for("zavolah.scheduler.wake");
type THolder = { [WAKE_KEY]?: () => void };

/** Makes a job due now and wakes this process's scheduler (other instances see it at their next poll). */
export async function runJobNow(name: string, now = new Date()): Promise<boolean> {
  const rows = await getDb()
    .update(scheduledJobs)
    .set({ nextRunAt: now })
    .where(eq(scheduledJobs.name, name))
    .returning({ name: scheduledJobs.name });
  // Kept on globalThis: the server bundle (pages) and server/main.ts (the loop) are separate module graphs.
  (globalThis as THolder)[WAKE_KEY]?.();
  return rows.length > 0;
}

const asTimestamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function createScheduler(jobs: TJob[], opts: TSchedulerOptions) {
  const clock = opts.clock ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const running = new Map<string, Promise<void>>();
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** Adds missing jobs (due at once) and keeps each existing row's timetable, updating only its period. */
  async function register() {
    for (const job of jobs) {
      await getDb()
        .insert(scheduledJobs)
        .values({ name: job.name, periodSeconds: job.periodSeconds, nextRunAt: clock() })
        .onConflictDoUpdate({ target: scheduledJobs.name, set: { periodSeconds: job.periodSeconds } });
    }
  }

  async function claim(job: TJob) {
    const now = clock();
    const [row] = await getDb()
      .update(scheduledJobs)
      .set({ leasedUntil: new Date(now.getTime() + leaseMs), lastStartedAt: now })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.leasedUntil), lte(scheduledJobs.leasedUntil, now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Our claim is the row's lastStartedAt: a run whose lease was taken over can no longer write. */
  const ours = (name: string, startedAt: Date) => and(eq(scheduledJobs.name, name), eq(scheduledJobs.lastStartedAt, startedAt));

  async function execute(job: TJob, state: TJobState, startedAt: Date) {
    const renew = setInterval(() => {
      getDb()
        .update(scheduledJobs)
        .set({ leasedUntil: new Date(clock().getTime() + leaseMs) })
        .where(ours(job.name, startedAt))
        .catch((error) => log.warn({ job: job.name, error }, "could not renew a job lease"));
    }, leaseMs / 3);
    let nextState = state;
    let lastError: string | null = null;
    try {
      nextState = (await job.run({ state, startedAt, signal: abort.signal })) ?? state;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      log.error({ job: job.name, error }, "scheduled job failed");
    } finally {
      clearInterval(renew);
    }
    // Next run one period after this one started, failed or not; unless runJobNow asked for a run meanwhile.
    const next = new Date(startedAt.getTime() + job.periodSeconds * 1000);
    await getDb()
      .update(scheduledJobs)
      .set({
        leasedUntil: null,
        lastFinishedAt: clock(),
        lastError,
        state: nextState,
        nextRunAt: sql`case when ${scheduledJobs.nextRunAt} > ${asTimestamp(startedAt)} then ${scheduledJobs.nextRunAt} else ${asTimestamp(next)} end`,
      })
      .where(ours(job.name, startedAt));
  }

  /** Claims every due job this process is not already running and starts it; resolves with the runs. */
  async function claimDue(): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    for (const job of jobs) {
      if (running.has(job.name) || stopped) continue;
      const row = await claim(job).catch((error) => void log.error({ job: job.name, error }, "could not claim a job"));
      if (!row) continue;
      const run = execute(job, row.state, row.lastStartedAt!)
        .catch((error) => log.error({ job: job.name, error }, "could not record a job run"))
        .finally(() => {
          running.delete(job.name);
          wake(); // a runJobNow during the run is due at once
        });
      running.set(job.name, run);
      started.push(run);
    }
    return started;
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(poll, ms);
  }

  async function poll() {
    await claimDue().catch((error) => log.error({ error }, "scheduler poll failed"));
    schedule(opts.pollMs);
  }

  function wake() {
    schedule(0);
  }

  return {
    register,
    /** One poll that waits for the runs it started (tests drive the scheduler with it). */
    async tick() {
      await Promise.all(await claimDue());
    },
    async start() {
      await register();
      (globalThis as THolder)[WAKE_KEY] = wake;
      wake();
    },
    /** Stops polling, asks running jobs to stop between steps and waits for them. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if ((globalThis as THolder)[WAKE_KEY] === wake) delete (globalThis as THolder)[WAKE_KEY];
      abort.abort();
      await Promise.all(running.values());
    },
  };
}
