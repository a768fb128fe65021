import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TPowerReadingInput } from "@domain/power/reading-input";
import { useTestDatabase } from "../../tests/support/test-database";
import { makeUser } from "../../tests/support/store-fixtures";
import { adminAlerts } from "../alerts/schema";
import { auditLog } from "../audit/schema";
import { getDb } from "../db/client";
import { acknowledgeAlarm } from "./acknowledge-alarm";
import { addInstallation } from "./add-installation";
import { checkPowerHealth } from "./check-power-health";
import { getFleetOverview } from "./fleet-overview";
import { getInstallationDetail } from "./installation-detail";
import { listCustomerInstallations } from "./list-customer-installations";
import { recordReadingWithKey } from "./record-reading";
import { pruneReadings, READING_RETENTION_DAYS } from "./prune-readings";
import { powerAlarms, powerDailyEnergy, powerInstallations, powerReadings } from "./schema";

// Power tracking against a real database (docs/product/power-tracking.md): the ingest path refuses bad keys, other
// installations' keys, malformed readings and counters that go down, storing nothing; alerts come once per episode.

useTestDatabase();

const SITE = {
  siteName: "Test site, Yaba",
  customerEmail: "",
  customerName: "Kemi Adeyemi",
  city: "Yaba",
  state: "Lagos",
  pvKwp: 5,
  batteryKwh: 10,
  inverterKva: 5,
  lat: "" as const,
  lng: "" as const,
};

const reading = (at: string, pvWh: number, over: Partial<TPowerReadingInput> = {}): TPowerReadingInput => ({
  timestamp: at,
  power: { pvW: 2400, loadW: 800, gridW: 0, batteryW: 1600 },
  counters: { pvWh, loadWh: pvWh / 2, gridImportWh: 100, generatorWh: 0 },
  socPct: 64,
  grid: "available",
  generator: "off",
  ...over,
});

async function setup(customerEmail = "", siteName = SITE.siteName) {
  const admin = await makeUser("admin");
  const added = await addInstallation(admin, { ...SITE, customerEmail, siteName });
  if (!added.ok) throw added.error;
  return { admin, id: added.id, key: added.key };
}

const stored = async (id: number) => {
  const [r] = await getDb().select({ n: count() }).from(powerReadings).where(eq(powerReadings.installationId, id));
  return r!.n;
};

describe("recording readings", () => {
  it("stores a good reading: energy by Lagos day from the counters, the live figures, an audit of the new installation", async () => {
    const { admin, id, key } = await setup();
    const now = new Date("2026-11-25T12:00:00Z");
    expect((await recordReadingWithKey(key, id, reading("2026-11-25T11:00:00Z", 10_000), now)).status).toBe(200);
    expect((await recordReadingWithKey(key, id, reading("2026-11-25T11:30:00Z", 11_200), now)).status).toBe(200);
    const [day] = await getDb().select().from(powerDailyEnergy).where(eq(powerDailyEnergy.installationId, id));
    expect(day).toMatchObject({ day: "2026-11-25", pvWh: 1200, loadWh: 600, gridImportWh: 0 });
    const [inst] = await getDb().select().from(powerInstallations).where(eq(powerInstallations.id, id));
    expect(inst).toMatchObject({ pvW: 2400, socPct: 64, lastPvWh: 11_200 });
    expect(inst!.ingestKeyHash).not.toContain(key);
    const audits = await getDb().select().from(auditLog).where(eq(auditLog.action, "power.installation.add"));
    expect(audits.some((a) => a.actorId === admin.id && a.resourceId === String(id))).toBe(true);
  });

  it("refuses a bad key (401), another installation's key (403), a malformed reading and a decreasing counter (422), storing nothing", async () => {
    const { id, key } = await setup();
    const other = await setup();
    const now = new Date("2026-11-25T12:00:00Z");
    expect((await recordReadingWithKey(key, id, reading("2026-11-25T11:00:00Z", 5000), now)).status).toBe(200);
    const before = await stored(id);

    const bad = await recordReadingWithKey("zpk_not-a-real-key", id, reading("2026-11-25T11:10:00Z", 5100), now);
    expect(bad).toMatchObject({ status: 401, body: { ok: false, error: "unauthenticated" } });
    expect((await recordReadingWithKey(null, id, reading("2026-11-25T11:10:00Z", 5100), now)).status).toBe(401);
    const foreign = await recordReadingWithKey(other.key, id, reading("2026-11-25T11:10:00Z", 5100), now);
    expect(foreign).toMatchObject({ status: 403, body: { ok: false, error: "forbidden" } });
    const malformed = await recordReadingWithKey(key, id, { ...reading("2026-11-25T11:10:00Z", 5100), socPct: 140, extra: 1 }, now);
    expect(malformed).toMatchObject({ status: 422, body: { ok: false, error: "invalid_reading" } });
    expect((await recordReadingWithKey(key, id, "not json", now)).status).toBe(422);
    const down = await recordReadingWithKey(key, id, reading("2026-11-25T11:10:00Z", 4000), now);
    expect(down).toMatchObject({ status: 422, body: { ok: false, error: "counter_decreased" } });
    const older = await recordReadingWithKey(key, id, reading("2026-11-25T10:00:00Z", 6000), now);
    expect(older.status).toBe(422);

    expect(await stored(id)).toBe(before);
    const [day] = await getDb().select().from(powerDailyEnergy).where(eq(powerDailyEnergy.installationId, id));
    expect(day!.pvWh).toBe(0);

    // With the reset flag the new meter's value is the new baseline: no energy invented, none negative.
    const reset = await recordReadingWithKey(key, id, reading("2026-11-25T11:20:00Z", 300, { counterReset: true }), now);
    expect(reset.status).toBe(200);
    expect((await recordReadingWithKey(key, id, reading("2026-11-25T11:30:00Z", 800), now)).status).toBe(200);
    const [after] = await getDb().select().from(powerDailyEnergy).where(eq(powerDailyEnergy.installationId, id));
    expect(after!.pvWh).toBe(500);
  });

  it("keeps one open alarm per code, clears it when no longer reported, and admins acknowledge it once, audited", async () => {
    const { admin, id, key } = await setup();
    const now = new Date("2026-11-25T12:00:00Z");
    const alarm = { code: "INV_OVERTEMP", severity: "critical" as const, message: "Inverter over temperature" };
    await recordReadingWithKey(key, id, reading("2026-11-25T11:00:00Z", 1000, { alarms: [alarm] }), now);
    await recordReadingWithKey(key, id, reading("2026-11-25T11:05:00Z", 1100, { alarms: [alarm] }), now);
    let alarms = await getDb().select().from(powerAlarms).where(eq(powerAlarms.installationId, id));
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.clearedAt).toBeNull();
    await recordReadingWithKey(key, id, reading("2026-11-25T11:10:00Z", 1200), now);
    alarms = await getDb().select().from(powerAlarms).where(eq(powerAlarms.installationId, id));
    expect(alarms[0]!.clearedAt).not.toBeNull();

    expect((await acknowledgeAlarm(admin, id, alarms[0]!.id)).ok).toBe(true);
    expect((await acknowledgeAlarm(admin, id, alarms[0]!.id)).ok).toBe(false);
    const detail = await getInstallationDetail(id, now);
    expect(detail!.alarms[0]).toMatchObject({ code: "INV_OVERTEMP", acknowledgedBy: admin.name });
    const audits = await getDb().select().from(auditLog).where(eq(auditLog.action, "power.alarm.acknowledge"));
    expect(audits.some((a) => a.resourceId === String(alarms[0]!.id))).toBe(true);
  });
});

describe("health alerts", () => {
  it("raises one admin alert per silent episode and per low-battery episode", async () => {
    const { id, key } = await setup("", "Health check site");
    const t0 = new Date("2026-11-25T12:00:00Z");
    await recordReadingWithKey(key, id, reading("2026-11-25T11:59:00Z", 1000, { socPct: 15 }), t0);
    const alertsOf = async (type: string) =>
      (await getDb().select().from(adminAlerts).where(eq(adminAlerts.type, type))).filter((a) => a.title.startsWith("Health check site"));
    await checkPowerHealth(t0);
    await checkPowerHealth(new Date(t0.getTime() + 60_000));
    expect(await alertsOf("power_low_battery")).toHaveLength(1);
    expect(await alertsOf("power_silent")).toHaveLength(0);

    // Silent: half an hour later, twice checked, one alert; it comes back, then goes silent again: a second episode.
    const later = new Date(t0.getTime() + 30 * 60_000);
    await checkPowerHealth(later);
    await checkPowerHealth(new Date(later.getTime() + 60_000));
    expect(await alertsOf("power_silent")).toHaveLength(1);
    await getDb().update(powerInstallations).set({ lastSeenAt: later }).where(eq(powerInstallations.id, id));
    await checkPowerHealth(new Date(later.getTime() + 2 * 60_000));
    await checkPowerHealth(new Date(later.getTime() + 40 * 60_000));
    expect(await alertsOf("power_silent")).toHaveLength(2);
  });
});

describe("views", () => {
  it("shows a customer their own system only, and the fleet to admins", async () => {
    const customer = await makeUser("customer", "Amaka Obi");
    const theirs = await setup(customer.email);
    await setup();
    const mine = await listCustomerInstallations(customer.id);
    expect(mine.map((i) => i.id)).toEqual([theirs.id]);
    const fleet = await getFleetOverview();
    expect(fleet.rows.length).toBeGreaterThanOrEqual(2);
  });

  it("gives the customer today's energy, the chosen period's bars and the battery's quarters, not the alarm log", async () => {
    const customer = await makeUser("customer", "Tunde Bakare");
    const { id, key } = await setup(customer.email, "Bars site");
    const now = new Date("2026-11-25T12:00:00Z");
    const alarm = { code: "INV_OVERTEMP", severity: "critical" as const, message: "Inverter over temperature" };
    await recordReadingWithKey(key, id, reading("2026-11-25T10:00:00Z", 1000, { socPct: 50, alarms: [alarm] }), now);
    await recordReadingWithKey(key, id, reading("2026-11-25T10:05:00Z", 1400, { socPct: 60 }), now);
    await recordReadingWithKey(key, id, reading("2026-11-25T10:50:00Z", 1900, { socPct: 81 }), now);

    const [days] = await listCustomerInstallations(customer.id, now);
    expect(days!.today).toMatchObject({ day: "2026-11-25", pvWh: 900, loadWh: 450 });
    expect(days!.energy.period).toBe("day");
    expect(days!.energy.rows).toHaveLength(14);
    expect(days!.energy.rows.at(-1)).toEqual(days!.today);
    // 10:00 and 10:05 share a quarter (55%), 10:15 and 10:30 had no reading, 10:45 is 81%.
    expect(days!.soc).toEqual({ from: "2026-11-25T10:00:00.000Z", stepSeconds: 900, pct: [55, null, null, 81] });
    expect(days).not.toHaveProperty("alarms");
    expect(days).not.toHaveProperty("keyHint");

    const [months] = await listCustomerInstallations(customer.id, now, "month");
    expect(months!.energy.rows.map((r) => r.day)).toEqual(["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"]);
    expect(months!.energy.rows.at(-1)!.pvWh).toBe(900);
    const [weeks] = await listCustomerInstallations(customer.id, now, "week");
    expect(weeks!.energy.rows).toHaveLength(8);
    expect(weeks!.energy.rows.at(-1)).toMatchObject({ day: "2026-11-23", pvWh: 900 });

    // The admin's page shows the same panel, with the alarm log.
    const detail = await getInstallationDetail(id, now);
    expect({ ...detail!.energy, soc: detail!.soc }).toEqual({ ...days!.energy, soc: days!.soc });
    expect(detail!.alarms.map((a) => a.code)).toEqual(["INV_OVERTEMP"]);
  });
});

describe("retention", () => {
  it("removes raw readings older than 35 days and keeps energy by day", async () => {
    const { id, key } = await setup("", "Retention site");
    const old = new Date("2026-09-01T10:00:00Z");
    await recordReadingWithKey(key, id, reading(old.toISOString(), 100), old);
    await recordReadingWithKey(key, id, reading("2026-09-01T11:00:00Z", 600), new Date("2026-09-01T11:00:00Z"));
    const now = new Date(old.getTime() + (READING_RETENTION_DAYS + 1) * 86_400_000);
    await recordReadingWithKey(key, id, reading(now.toISOString(), 900), now);
    await pruneReadings(now);
    expect(await stored(id)).toBe(1);
    const days = await getDb().select().from(powerDailyEnergy).where(eq(powerDailyEnergy.installationId, id));
    expect(days.find((d) => d.day === "2026-09-01")!.pvWh).toBe(500);
  });
});
