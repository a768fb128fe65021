import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TViewer } from "@domain/access/roles";
import { parseThen } from "@domain/errors/app-error";
import { STATION_FORM_FIELDS, ZMaintenanceFields, ZSlotFields, ZStationFields } from "@domain/zavcharge/network/station-input";
import { makeUser } from "../../../tests/support/store-fixtures";
import { useTestDatabase } from "../../../tests/support/test-database";
import { auditLog } from "../../audit/schema";
import { getDb } from "../../db/client";
import { zavchargeMaintenanceReminders } from "../../notifications/reminders/zavcharge-maintenance-reminders";
import { notifications } from "../../notifications/schema";
import { updatePreferences } from "../../notifications/update-preferences";
import { listStations } from "./list-stations";
import { saveSlot } from "./save-slot";
import { saveStation } from "./save-station";
import { scheduleMaintenance } from "./schedule-maintenance";
import { zavchargeAccounts, zavchargePlans } from "../accounts/schema";
import { chargingSlots, chargingStations } from "./schema";
import { chargingSessions } from "../sessions/schema";

// The network (docs/product/zavcharge.md#stations-and-slots, #maintenance) on a real database: filters,
// availability, staff edits that refuse bad input and change nothing, and the maintenance reminder.

useTestDatabase();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const signal = new AbortController().signal;
let seq = 0;

const stationForm = (over: Record<string, string> = {}) => ({
  name: `ZavCharge Test ${++seq}`,
  slug: `test-station-${seq}-${Math.random().toString(36).slice(2, 6)}`,
  address: "3 Aba Road",
  city: "Owerri",
  state: "Imo",
  latitude: "5.4836",
  longitude: "7.0333",
  price: "250",
  features: "Solar canopy, Café",
  openingHours: "24 hours",
  status: "online",
  ...over,
});

async function newStation(staff: TViewer, over: Record<string, string> = {}, slots: { connector: string; status?: string }[] = []) {
  const r = await parseThen(ZStationFields, stationForm(over), STATION_FORM_FIELDS, (input) => saveStation(staff, null, input));
  if (!r.ok) throw new Error(r.error.message);
  for (const [i, s] of slots.entries()) {
    const slot = ZSlotFields.parse({ number: String(i + 1), connector: s.connector, powerKw: "22", status: "available" });
    const saved = await saveSlot(staff, r.stationId, slot);
    if (!saved.ok) throw new Error(saved.error.message);
    if (s.status) await getDb().update(chargingSlots).set({ status: s.status }).where(eq(chargingSlots.id, saved.slotId));
  }
  return r.stationId;
}

const byId = async (id: number) => (await getDb().select().from(chargingStations).where(eq(chargingStations.id, id)))[0]!;
const cardOf = async (id: number, params = "", now?: Date) =>
  (await listStations(new URLSearchParams(params), now)).stations.find((s) => s.id === id);

/** A driver (site user with a ZavCharge account) who charged at the station `daysAgo` days ago. */
async function driverWhoCharged(stationId: number, daysAgo: number) {
  const db = getDb();
  const user = await makeUser("customer");
  let [plan] = await db.select().from(zavchargePlans).where(eq(zavchargePlans.code, "test-monthly"));
  plan ??= (
    await db.insert(zavchargePlans).values({ code: "test-monthly", name: "Monthly", priceKobo: 500_000, periodDays: 30 }).returning()
  )[0]!;
  const letters = Array.from({ length: 4 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join("");
  const [account] = await db
    .insert(zavchargeAccounts)
    .values({
      code: `ZAV${String(10_000_000 + ++seq).slice(-8)}${letters}`,
      userId: user.id,
      name: user.name,
      email: user.email,
      planId: plan.id,
    })
    .returning();
  const [slot] = await db.select().from(chargingSlots).where(eq(chargingSlots.stationId, stationId)).limit(1);
  const startedAt = new Date(Date.now() - daysAgo * DAY);
  await db.insert(chargingSessions).values({
    accountId: account!.id,
    stationId,
    slotId: slot!.id,
    slotNumber: slot!.number,
    pricePerKwhKobo: 25_000,
    status: "completed",
    startedAt,
    stoppedAt: new Date(startedAt.getTime() + HOUR),
    meterStartWh: 0,
    meterStopWh: 10_000,
    energyWh: 10_000,
    costKobo: 250_000,
  });
  return user;
}

const notesOf = (userId: string, type = "zavcharge_maintenance" as const) =>
  getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe("the network list", () => {
  it("filters by city (or state), connector, feature and status, and is empty when nothing matches", async () => {
    const staff = await makeUser("staff");
    const kano = await newStation(staff, { city: "Kano", state: "Kano", features: "Security" }, [{ connector: "CCS2" }]);
    const kaduna = await newStation(staff, { city: "Kaduna", state: "Kaduna", features: "Solar canopy" }, [{ connector: "Type 2" }]);
    const off = await newStation(staff, { city: "Kano", state: "Kano", status: "offline" }, [{ connector: "Type 2" }]);

    const ids = async (params: string) => (await listStations(new URLSearchParams(params))).stations.map((s) => s.id);
    expect(await ids("city=kano")).toEqual(expect.arrayContaining([kano, off]));
    expect(await ids("city=kano")).not.toContain(kaduna);
    expect(await ids("city=KADUNA")).toEqual([kaduna]);
    expect(await ids("city=kano&connector=CCS2")).toEqual([kano]);
    expect(await ids("city=ka&feature=Solar+canopy")).toEqual(expect.arrayContaining([kaduna, off]));
    expect(await ids("city=ka&feature=Solar+canopy")).not.toContain(kano);
    expect(await ids("city=kano&status=offline")).toEqual([off]);
    expect(await ids("city=kano&status=online")).toEqual([kano]);
    expect(await ids("city=Timbuktu")).toEqual([]);
    expect(await ids("city=kano&connector=CHAdeMO")).toEqual([]);
    // A value we do not know is ignored rather than refused.
    expect(await ids("city=kaduna&status=exploded&connector=Tesla")).toEqual([kaduna]);
    const list = await listStations();
    expect(list.cities).toEqual(expect.arrayContaining(["Kaduna", "Kano"]));
  });

  it("counts available slots only at an online station outside its maintenance window", async () => {
    const staff = await makeUser("staff");
    const id = await newStation(staff, {}, [
      { connector: "CCS2" },
      { connector: "Type 2" },
      { connector: "Type 2", status: "out_of_order" },
    ]);
    const card = await cardOf(id);
    expect(card).toMatchObject({ status: "online", availableSlots: 2, totalSlots: 3, pricePerKwhKobo: 25_000, maintenance: null });
    expect(card!.connectors).toEqual([
      { connector: "CCS2", powerKw: 22, count: 1 },
      { connector: "Type 2", powerKw: 22, count: 2 },
    ]);

    // A window ahead: still open, with its notice in Lagos time.
    const start = new Date(Date.UTC(2030, 0, 15, 9, 0)); // 10:00 in Lagos
    const window = ZMaintenanceFields.parse({ startsAt: "2030-01-15T10:00" });
    expect(window.startsAt.toISOString()).toBe(start.toISOString());
    expect(window.minutes).toBe(120);
    expect((await scheduleMaintenance(staff, id, window)).ok).toBe(true);
    expect((await cardOf(id))!).toMatchObject({ status: "online", availableSlots: 2 });
    expect((await cardOf(id))!.maintenance).toMatch(/^Maintenance on 15 Jan 2030, 10:00, for 2 hours$/);

    // Inside the window: no slot is available and it reads "maintenance" (and is found by that filter).
    const during = new Date(start.getTime() + 30 * 60_000);
    expect(await cardOf(id, "status=maintenance", during)).toMatchObject({ status: "maintenance", availableSlots: 0, totalSlots: 3 });
    expect(await cardOf(id, "", new Date(start.getTime() + 2 * HOUR))).toMatchObject({
      status: "online",
      availableSlots: 2,
      maintenance: null,
    });

    const offline = await parseThen(
      ZStationFields,
      { ...stationForm(), slug: (await byId(id)).slug, status: "offline" },
      STATION_FORM_FIELDS,
      (input) => saveStation(staff, id, input),
    );
    expect(offline.ok).toBe(true);
    expect(await cardOf(id)).toMatchObject({ status: "offline", availableSlots: 0, totalSlots: 3 });
  });
});

describe("staff edits", () => {
  it("refuse bad input with clear messages and change nothing", async () => {
    const staff = await makeUser("staff");
    const id = await newStation(staff, { name: "ZavCharge Owerri Central" }, [{ connector: "Type 2" }]);
    const before = await byId(id);
    const audits = async () => (await getDb().select({ n: count() }).from(auditLog))[0]!.n;
    const auditsBefore = await audits();
    const save = (over: Record<string, string>) =>
      parseThen(ZStationFields, { ...stationForm(), slug: before.slug, name: "Renamed", ...over }, STATION_FORM_FIELDS, (input) =>
        saveStation(staff, id, input),
      );

    const badLat = await save({ latitude: "200" });
    expect(badLat.ok).toBe(false);
    if (!badLat.ok) expect(badLat.error.fieldErrors?.latitude).toBe("The latitude must be between -90 and 90");
    const badPrice = await save({ price: "two hundred" });
    if (!badPrice.ok)
      expect(badPrice.error.fieldErrors?.price).toBe("The price per kWh must be an amount in naira between ₦1 and ₦100,000");
    expect(badPrice.ok).toBe(false);
    const badStatus = await save({ status: "closed" });
    expect(badStatus.ok).toBe(false);
    const badName = await save({ name: "  " });
    if (!badName.ok) expect(badName.error.fieldErrors?.name).toBe("Enter the station name");

    const other = await newStation(staff);
    const taken = await save({ slug: (await byId(other)).slug });
    expect(taken.ok).toBe(false);
    if (!taken.ok) expect(taken.error).toMatchObject({ field: "slug", message: expect.stringContaining("already uses the slug") });

    const customer = await makeUser("customer");
    const denied = await parseThen(ZStationFields, stationForm(), STATION_FORM_FIELDS, (input) => saveStation(customer, id, input));
    expect(denied.ok).toBe(false);

    const dupSlot = await saveSlot(staff, id, ZSlotFields.parse({ number: "1", connector: "CCS2", powerKw: "60", status: "available" }));
    expect(dupSlot.ok).toBe(false);
    expect(ZSlotFields.safeParse({ number: "2", connector: "Tesla", powerKw: "60", status: "available" }).success).toBe(false);
    expect(ZSlotFields.safeParse({ number: "2", connector: "CCS2", powerKw: "900", status: "available" }).success).toBe(false);
    expect(ZMaintenanceFields.safeParse({ startsAt: "tomorrow" }).success).toBe(false);
    expect(ZMaintenanceFields.safeParse({ startsAt: "2030-01-15T10:00", minutes: "5" }).success).toBe(false);
    const past = await scheduleMaintenance(staff, id, ZMaintenanceFields.parse({ startsAt: "2020-01-15T10:00" }));
    expect(past.ok).toBe(false);

    expect(await byId(id)).toEqual(before);
    expect(await getDb().select().from(chargingSlots).where(eq(chargingSlots.stationId, id))).toHaveLength(1);
    expect(await audits()).toBe(auditsBefore + 1); // only the other station's creation

    const ok = await save({ price: "1,250.50", features: "Wi-Fi, Wi-Fi, Security" });
    expect(ok.ok).toBe(true);
    expect(await byId(id)).toMatchObject({ name: "Renamed", pricePerKwhKobo: 125_050, features: ["Wi-Fi", "Security"] });
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, String(id)), eq(auditLog.action, "zavcharge.station.update")));
    expect(entry).toMatchObject({ actorId: staff.id, resourceType: "charging_station" });
  });

  it("a station back online from maintenance tells only recent drivers whose switch is on", async () => {
    const staff = await makeUser("staff");
    const id = await newStation(staff, { status: "maintenance" }, [{ connector: "Type 2" }]);
    const recent = await driverWhoCharged(id, 3);
    const old = await driverWhoCharged(id, 45);
    const quiet = await driverWhoCharged(id, 2);
    await updatePreferences(quiet.id, { zavChargeUpdates: false });
    const r = await parseThen(
      ZStationFields,
      { ...stationForm(), slug: (await byId(id)).slug, status: "online" },
      STATION_FORM_FIELDS,
      (input) => saveStation(staff, id, input),
    );
    expect(r.ok && r.notified).toBe(1);
    expect((await notesOf(recent.id)).map((n) => n.title)).toEqual([expect.stringMatching(/is back from maintenance$/)]);
    expect(await notesOf(old.id)).toHaveLength(0);
    expect(await notesOf(quiet.id)).toHaveLength(0);
  });
});

describe("the maintenance reminder", () => {
  it("reminds recent drivers with the switch on, once per window, within 24 hours of its start", async () => {
    const staff = await makeUser("staff");
    const id = await newStation(staff, { name: "ZavCharge Aba Road" }, [{ connector: "CCS2" }]);
    const recent = await driverWhoCharged(id, 5);
    const old = await driverWhoCharged(id, 31);
    const quiet = await driverWhoCharged(id, 1);
    await updatePreferences(quiet.id, { zavChargeUpdates: false });
    const now = new Date();
    const lagosLocal = (d: Date) => new Date(d.getTime() + HOUR).toISOString().slice(0, 16);

    // 30 h ahead: not yet.
    await scheduleMaintenance(
      staff,
      id,
      ZMaintenanceFields.parse({ startsAt: lagosLocal(new Date(now.getTime() + 30 * HOUR)), minutes: "90" }),
    );
    await zavchargeMaintenanceReminders.run({ state: {}, startedAt: now, signal });
    expect(await notesOf(recent.id)).toHaveLength(0);

    // 10 h ahead: once, however often the job runs.
    await scheduleMaintenance(
      staff,
      id,
      ZMaintenanceFields.parse({ startsAt: lagosLocal(new Date(now.getTime() + 10 * HOUR)), minutes: "90" }),
    );
    await zavchargeMaintenanceReminders.run({ state: {}, startedAt: now, signal });
    await zavchargeMaintenanceReminders.run({ state: {}, startedAt: new Date(now.getTime() + 60_000), signal });
    const notes = await notesOf(recent.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toMatch(/^ZavCharge Aba Road maintenance on \d{1,2} \w+ \d{4} at \d{2}:\d{2}, for 90 minutes$/);
    expect(await notesOf(old.id)).toHaveLength(0);
    expect(await notesOf(quiet.id)).toHaveLength(0);

    // Moved to another start: a new window, reminded again.
    await scheduleMaintenance(staff, id, ZMaintenanceFields.parse({ startsAt: lagosLocal(new Date(now.getTime() + 12 * HOUR)) }));
    await zavchargeMaintenanceReminders.run({ state: {}, startedAt: now, signal });
    expect(await notesOf(recent.id)).toHaveLength(2);
    expect((await notesOf(recent.id)).map((n) => n.message)).toContainEqual(expect.stringMatching(/for 2 hours$/));
  });
});
