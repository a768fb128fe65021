import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { counterDeltas, decreasedCounters, lagosDayOf, POWER_READING_EVENT, type TCounters } from "@domain/power/power";
import { ZPowerReading, type TPowerReading } from "@domain/power/reading-input";
import { users } from "../auth/schema";
import { getDb, getDbHandle, type DbHandle, type DbOrTx } from "../db/client";
import { publishEvent } from "../realtime/publish";
import { authenticateIngestKey } from "./authenticate-ingest-key";
import { powerAlarms, powerDailyEnergy, powerInstallations, powerReadings } from "./schema";

// Recording a gateway's reading (docs/product/power-tracking.md#readings): checked with zod, refused whole (nothing
// stored) when malformed, older than the last one, or when a counter went down without the reset flag. One
// transaction writes the reading, the day's energy, the installation's live figures and the alarms, and the live
// event leaves on commit for the installation's customer and the admins.

export type TIngestAnswer = {
  status: 200 | 401 | 403 | 422;
  body: { ok: true; stored: boolean } | { ok: false; error: string; message: string; issues?: string[] };
};

const fail = (status: TIngestAnswer["status"], error: string, message: string, issues?: string[]): TIngestAnswer => ({
  status,
  body: { ok: false, error, message, ...(issues ? { issues } : {}) },
});

class Refused extends Error {
  constructor(readonly answer: TIngestAnswer) {
    super(answer.body.ok ? "" : answer.body.message);
  }
}

/** How far ahead of our clock a reading's time may be (a gateway's clock drifts). */
const FUTURE_SLACK_MS = 5 * 60_000;

/** A reading from a gateway holding `key`, for the installation it names (HTTP: the address; MQTT: the topic). */
export async function recordReadingWithKey(
  key: string | null,
  installationId: number,
  raw: unknown,
  now = new Date(),
): Promise<TIngestAnswer> {
  const auth = await authenticateIngestKey(key);
  if (!auth) return fail(401, "unauthenticated", "The installation key is missing or not valid.");
  if (auth.installationId !== installationId) return fail(403, "forbidden", "This key belongs to another installation.");
  return recordReading(installationId, raw, now);
}

/** A reading for an installation whose gateway is already authenticated (the MQTT broker checked its key). */
export async function recordReading(installationId: number, raw: unknown, now = new Date()): Promise<TIngestAnswer> {
  const parsed = ZPowerReading.safeParse(raw);
  if (!parsed.success)
    return fail(
      422,
      "invalid_reading",
      "The reading is not in the expected shape.",
      parsed.error.issues.slice(0, 10).map((i) => `${i.path.join(".") || "reading"}: ${i.message}`),
    );
  const reading = parsed.data;
  const at = new Date(reading.timestamp);
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) return fail(422, "invalid_reading", "The reading's time is in the future.");
  try {
    return await getDb().transaction((tx) => store(tx, installationId, reading, at, now));
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
}

async function store(tx: DbOrTx, installationId: number, reading: TPowerReading, at: Date, now: Date): Promise<TIngestAnswer> {
  const [inst] = await tx.select().from(powerInstallations).where(eq(powerInstallations.id, installationId)).for("update");
  if (!inst) throw new Refused(fail(403, "forbidden", "There is no such installation."));
  if (inst.lastReadingAt && at.getTime() < inst.lastReadingAt.getTime())
    throw new Refused(fail(422, "out_of_order", "The reading is older than the last one recorded."));
  if (inst.lastReadingAt && at.getTime() === inst.lastReadingAt.getTime()) return { status: 200, body: { ok: true, stored: false } };

  const previous: TCounters | null =
    inst.lastPvWh === null
      ? null
      : {
          pvWh: inst.lastPvWh,
          loadWh: inst.lastLoadWh ?? 0,
          gridImportWh: inst.lastGridImportWh ?? 0,
          generatorWh: inst.lastGeneratorWh ?? 0,
        };
  const down = decreasedCounters(previous, reading.counters);
  if (down.length && !reading.counterReset)
    throw new Refused(
      fail(
        422,
        "counter_decreased",
        `These counters went down without counterReset: ${down.join(", ")}.`,
        down.map((c) => `counters.${c}`),
      ),
    );
  const delta = counterDeltas(previous, reading.counters);
  await tx.insert(powerReadings).values({
    installationId,
    at,
    receivedAt: now,
    ...reading.power,
    socPct: reading.socPct,
    gridAvailable: reading.grid === "available",
    generatorRunning: reading.generator === "running",
    ...reading.counters,
    counterReset: reading.counterReset,
  });
  const soc = reading.socPct;
  await tx
    .insert(powerDailyEnergy)
    .values({ installationId, day: lagosDayOf(at), ...delta, minSocPct: soc, maxSocPct: soc })
    .onConflictDoUpdate({
      target: [powerDailyEnergy.installationId, powerDailyEnergy.day],
      set: {
        pvWh: sql`${powerDailyEnergy.pvWh} + ${delta.pvWh}`,
        loadWh: sql`${powerDailyEnergy.loadWh} + ${delta.loadWh}`,
        gridImportWh: sql`${powerDailyEnergy.gridImportWh} + ${delta.gridImportWh}`,
        generatorWh: sql`${powerDailyEnergy.generatorWh} + ${delta.generatorWh}`,
        minSocPct: soc === null ? sql`${powerDailyEnergy.minSocPct}` : sql`least(${powerDailyEnergy.minSocPct}, ${soc}::real)`,
        maxSocPct: soc === null ? sql`${powerDailyEnergy.maxSocPct}` : sql`greatest(${powerDailyEnergy.maxSocPct}, ${soc}::real)`,
      },
    });
  await tx
    .update(powerInstallations)
    .set({
      lastSeenAt: now,
      lastReadingAt: at,
      ...reading.power,
      socPct: soc,
      gridAvailable: reading.grid === "available",
      generatorRunning: reading.generator === "running",
      lastPvWh: reading.counters.pvWh,
      lastLoadWh: reading.counters.loadWh,
      lastGridImportWh: reading.counters.gridImportWh,
      lastGeneratorWh: reading.counters.generatorWh,
    })
    .where(eq(powerInstallations.id, installationId));

  // Alarms: one open row per code while the gateway reports it; a code it stops reporting is cleared.
  const codes = reading.alarms.map((a) => a.code);
  await tx
    .update(powerAlarms)
    .set({ clearedAt: at })
    .where(
      and(
        eq(powerAlarms.installationId, installationId),
        isNull(powerAlarms.clearedAt),
        codes.length ? notInArray(powerAlarms.code, codes) : undefined,
      ),
    );
  for (const alarm of reading.alarms)
    await tx
      .insert(powerAlarms)
      .values({ installationId, code: alarm.code, severity: alarm.severity, message: alarm.message, raisedAt: at })
      .onConflictDoNothing();

  const payload = {
    installationId,
    at: at.toISOString(),
    ...reading.power,
    socPct: soc,
    grid: reading.grid,
    generator: reading.generator,
    alarms: codes.length,
  };
  for (const userId of await audience(tx, inst.customerUserId)) await publishEvent(tx, { userId, type: POWER_READING_EVENT, payload });
  return { status: 200, body: { ok: true, stored: true } };
}

let admins: { handle: DbHandle; ids: string[]; until: number } | null = null;

/** Who hears of a reading live: the admins (cached for a minute) and the installation's customer. */
async function audience(tx: DbOrTx, customerUserId: string | null): Promise<string[]> {
  const handle = getDbHandle();
  if (!admins || admins.handle !== handle || admins.until < Date.now()) {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    admins = { handle, ids: rows.map((r) => r.id), until: Date.now() + 60_000 };
  }
  return [...new Set([...admins.ids, ...(customerUserId ? [customerUserId] : [])])];
}
