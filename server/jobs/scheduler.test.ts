import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { createScheduler, runJobNow, type TJob } from "./scheduler";
import { scheduledJobs } from "./schema";

useTestDatabase();

/** A job that counts its runs, and a clock the test moves by hand. */
function counter(name: string, periodSeconds = 60, body?: () => Promise<void>) {
  const runs: Date[] = [];
  const job: TJob = {
    name,
    label: name,
    description: "test job",
    periodSeconds,
    async run({ startedAt, state }) {
      runs.push(startedAt);
      await body?.();
      return { runs: ((state.runs as number) ?? 0) + 1 };
    },
  };
  return { job, runs };
}
const clockAt = (start: number) => {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
};
const rowOf = async (name: string) => (await getDb().select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

describe("database scheduler", () => {
  it("runs a new job at once, then again only after its period, keeping its state", async () => {
    const { job, runs } = counter("periodic", 60);
    const t = clockAt(Date.parse("2026-11-23T08:00:00Z"));
    const s = createScheduler([job], { pollMs: 60_000, clock: t.clock });
    await s.register();
    await s.tick();
    expect(runs).toHaveLength(1);
    t.advance(59_000);
    await s.tick();
    expect(runs).toHaveLength(1);
    t.advance(1_000);
    await s.tick();
    expect(runs).toHaveLength(2);
    const row = await rowOf("periodic");
    expect(row.state).toEqual({ runs: 2 });
    expect(row.nextRunAt.toISOString()).toBe("2026-11-23T08:02:00.000Z");
    expect(row.leasedUntil).toBeNull();
    expect(row.lastError).toBeNull();
  });

  it("two schedulers racing for a due job run it once", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { job, runs } = counter("raced", 60, () => gate);
    const a = createScheduler([job], { pollMs: 60_000 });
    const b = createScheduler([job], { pollMs: 60_000 });
    await Promise.all([a.register(), b.register()]);
    const ticks = Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await new Promise((r) => setTimeout(r, 100));
    release();
    await ticks;
    expect(runs).toHaveLength(1);
  });

  it("a failed run records its error and is still scheduled one period later", async () => {
    const t = clockAt(Date.parse("2026-11-23T09:00:00Z"));
    const job: TJob = {
      name: "failing",
      label: "failing",
      description: "",
      periodSeconds: 3600,
      run: async () => Promise.reject(new Error("provider down")),
    };
    const s = createScheduler([job], { pollMs: 60_000, clock: t.clock });
    await s.register();
    const log = watchLog();
    await s.tick();
    log.expectLogged("scheduled job failed", { level: "error", job: "failing" });
    const row = await rowOf("failing");
    expect(row.lastError).toBe("provider down");
    expect(row.nextRunAt.toISOString()).toBe("2026-11-23T10:00:00.000Z");
    expect(row.leasedUntil).toBeNull();
  });

  it("a run whose instance crashed keeps its lease until it expires, then runs again elsewhere", async () => {
    const { job, runs } = counter("crashy", 3600);
    const t = clockAt(Date.parse("2026-11-23T10:00:00Z"));
    // The crashed instance claimed the job at 10:00 with a 5-minute lease and never finished.
    await getDb()
      .insert(scheduledJobs)
      .values({
        name: "crashy",
        periodSeconds: 3600,
        nextRunAt: new Date(t.clock().getTime() - 1000),
        lastStartedAt: t.clock(),
        leasedUntil: new Date(t.clock().getTime() + 5 * 60_000),
      });
    const survivor = createScheduler([job], { pollMs: 60_000, clock: t.clock, leaseMs: 5 * 60_000 });
    await survivor.register();
    t.advance(4 * 60_000);
    await survivor.tick();
    expect(runs).toHaveLength(0);
    t.advance(60_000);
    await survivor.tick();
    expect(runs).toHaveLength(1);
    expect((await rowOf("crashy")).nextRunAt.toISOString()).toBe("2026-11-23T11:05:00.000Z");
  });

  it("a started scheduler runs due jobs by itself, and runJobNow makes one due at once", async () => {
    const { job, runs } = counter("woken", 3600);
    const s = createScheduler([job], { pollMs: 60_000 });
    await s.start();
    await expect.poll(() => runs.length).toBe(1);
    expect(await runJobNow("woken")).toBe(true);
    await expect.poll(() => runs.length).toBe(2);
    await s.stop();
    expect(await runJobNow("no-such-job")).toBe(false);
  });

  it("runJobNow during a run schedules another run right after it", async () => {
    let release!: () => void;
    const { job, runs } = counter("busy", 3600, () => (runs.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
    const s = createScheduler([job], { pollMs: 60_000 });
    await s.start();
    await expect.poll(() => runs.length).toBe(1);
    await runJobNow("busy");
    release();
    await expect.poll(() => runs.length).toBe(2);
    await s.stop();
  });
});
