import { count, eq, inArray } from "drizzle-orm";
import { rollupByLagosDay, zeroCounters } from "@domain/power/power";
import { simulateStep, type TSimSample, type TSimState } from "@domain/power/simulate";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { DEMO_INSTALLATIONS } from "./demo-installations";
import { hashIngestKey, keyHint } from "./ingest-key";
import { powerAlarms, powerDailyEnergy, powerDevices, powerInstallations, powerReadings } from "./schema";

/** Days of seeded history, so the day, week and month bars are not empty on a fresh machine. */
const HISTORY_DAYS = 60;
const STEP_SECONDS = 900;

/**
 * The demo fleet with 60 days of history (docs/product/power-tracking.md#simulator): energy by day for all of it and
 * quarter-hour readings for the last day, from the same model the live simulator runs. Idempotent: once any demo
 * installation exists, nothing is added.
 */
export async function seedDemoPower(now = new Date()) {
  const db = getDb();
  const [existing] = await db
    .select({ n: count() })
    .from(powerInstallations)
    .where(
      inArray(
        powerInstallations.ingestKeyHash,
        DEMO_INSTALLATIONS.map((d) => hashIngestKey(d.key)),
      ),
    );
  if (existing!.n > 0) return;
  const end = Math.floor(now.getTime() / (STEP_SECONDS * 1000)) * STEP_SECONDS * 1000;
  for (const demo of DEMO_INSTALLATIONS) {
    const stop = demo.simulated ? end : end - 3 * 3600_000;
    const state: TSimState = { socPct: 60, counters: zeroCounters() };
    const samples: TSimSample[] = [];
    for (let t = end - HISTORY_DAYS * 86_400_000; t <= stop; t += STEP_SECONDS * 1000)
      samples.push(simulateStep(demo.sim, state, new Date(t), STEP_SECONDS, demo.siteName));
    const last = samples.at(-1)!;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.customerEmail));
    const [row] = await db
      .insert(powerInstallations)
      .values({
        siteName: demo.siteName,
        customerUserId: owner?.id ?? null,
        customerName: demo.customerName,
        customerEmail: demo.customerEmail,
        city: demo.city,
        state: demo.state,
        pvWp: demo.sim.pvWp,
        batteryWh: demo.sim.batteryWh,
        inverterVa: demo.inverterVa,
        latitude: demo.latitude,
        longitude: demo.longitude,
        ingestKeyHash: hashIngestKey(demo.key),
        ingestKeyHint: keyHint(demo.key),
        lastSeenAt: last.at,
        lastReadingAt: last.at,
        pvW: last.pvW,
        loadW: last.loadW,
        gridW: last.gridW,
        batteryW: last.batteryW,
        generatorW: last.generatorW,
        socPct: last.socPct,
        gridAvailable: last.gridAvailable,
        generatorRunning: last.generatorRunning,
        lastPvWh: last.counters.pvWh,
        lastLoadWh: last.counters.loadWh,
        lastGridImportWh: last.counters.gridImportWh,
        lastGeneratorWh: last.counters.generatorWh,
      })
      .returning({ id: powerInstallations.id });
    const installationId = row!.id;
    await db.insert(powerDevices).values(demo.devices.map((d) => ({ ...d, installationId })));
    const days = rollupByLagosDay(samples.map((s) => ({ at: s.at, ...s.counters })));
    const socByDay = new Map<string, { min: number; max: number }>();
    for (const s of samples) {
      const day = rollupByLagosDay([{ at: s.at, ...zeroCounters() }])[0]!.day;
      const m = socByDay.get(day) ?? { min: s.socPct, max: s.socPct };
      socByDay.set(day, { min: Math.min(m.min, s.socPct), max: Math.max(m.max, s.socPct) });
    }
    await db
      .insert(powerDailyEnergy)
      .values(days.map((d) => ({ installationId, ...d, minSocPct: socByDay.get(d.day)?.min, maxSocPct: socByDay.get(d.day)?.max })));
    const recent = samples.filter((s) => s.at.getTime() > end - 86_400_000);
    for (let i = 0; i < recent.length; i += 100)
      await db.insert(powerReadings).values(
        recent.slice(i, i + 100).map((s) => ({
          installationId,
          at: s.at,
          receivedAt: s.at,
          pvW: s.pvW,
          loadW: s.loadW,
          gridW: s.gridW,
          batteryW: s.batteryW,
          generatorW: s.generatorW,
          socPct: s.socPct,
          gridAvailable: s.gridAvailable,
          generatorRunning: s.generatorRunning,
          ...s.counters,
        })),
      );
    if (demo.sim.health < 1)
      await db.insert(powerAlarms).values({
        installationId,
        code: "PV_LOW_YIELD",
        severity: "warning",
        message: "String 2 is producing well under string 1: check for dust or shade.",
        raisedAt: new Date(end - 2 * 86_400_000),
      });
  }
}
