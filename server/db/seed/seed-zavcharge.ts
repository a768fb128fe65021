import { and, eq, isNull } from "drizzle-orm";
import { certain } from "@domain/errors/app-error";
import { WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { sessionCostKobo } from "@domain/zavcharge/pricing";
import { users } from "../../auth/schema";
import { subscriptions } from "../../subscriptions/schema";
import { hashChargerPassword } from "../../zavcharge/chargers/charger-password";
import { hashPin } from "../../zavcharge/accounts/pin-hash";
import { postWalletEntry } from "../../zavcharge/wallet/post-wallet-entry";
import { chargers, chargingSessions, chargingSlots, chargingStations, zavchargeAccounts, zavchargePlans } from "../../zavcharge/schema";
import { getDb } from "../client";
import {
  DEMO_CHARGER_HEARTBEAT_SECONDS,
  DEMO_CHARGER_PASSWORD,
  DEMO_DRIVER,
  DEMO_DRIVER_SESSIONS,
  DEMO_MQTT_CHARGER,
  DEMO_PLANS,
  DEMO_STATIONS,
  demoChargePointId,
} from "./zavcharge-data";

const DAY_MS = 86_400_000;

/** A Lagos hour on a day relative to now (Lagos is UTC+1). */
function lagosTime(daysFromNow: number, lagosHour: number): Date {
  const d = new Date(Date.now() + daysFromNow * DAY_MS);
  d.setUTCHours(lagosHour - 1, 0, 0, 0);
  return d;
}

/**
 * Idempotent: the stations whose slug is free (with their slots), the plans whose code is free, and, once, the
 * demo driver's account on the demo customer's plan period, with a welcome credit, a top-up and past sessions.
 */
export async function seedZavCharge() {
  const db = getDb();
  await db.transaction(async (tx) => {
    for (const s of DEMO_STATIONS) {
      const [station] = await tx
        .insert(chargingStations)
        .values({
          slug: s.slug,
          name: s.name,
          address: s.address,
          city: s.city,
          state: s.state,
          latitude: s.latitude,
          longitude: s.longitude,
          pricePerKwhKobo: s.pricePerKwhKobo,
          features: s.features,
          openingHours: s.openingHours,
          status: s.status ?? "online",
          maintenanceStartsAt: s.maintenanceInDays === undefined ? null : lagosTime(s.maintenanceInDays, 10),
        })
        .onConflictDoNothing()
        .returning({ id: chargingStations.id });
      if (!station) continue;
      await tx.insert(chargingSlots).values(
        s.slots.map((slot, i) => ({
          stationId: station.id,
          number: i + 1,
          connector: slot.connector,
          powerKw: slot.powerKw,
          status: slot.outOfOrder ? "out_of_order" : "available",
        })),
      );
    }
    await tx.insert(zavchargePlans).values(DEMO_PLANS).onConflictDoNothing();
  });
  await seedDemoChargers();
  await seedDemoDriver();
}

/**
 * A commissioned OCPP charger per demo station and one Arduino charger over MQTT (docs/product/zavcharge.md#chargers),
 * for the simulator.
 */
async function seedDemoChargers() {
  const db = getDb();
  const have = await db.select({ cp: chargers.chargePointId }).from(chargers);
  const stations = await db.select({ id: chargingStations.id, slug: chargingStations.slug }).from(chargingStations);
  const wanted = [
    ...DEMO_STATIONS.map((s, i) => ({ cp: demoChargePointId(i), slug: s.slug, protocol: "ocpp" as const })),
    { cp: DEMO_MQTT_CHARGER.chargePointId, slug: DEMO_MQTT_CHARGER.stationSlug, protocol: "mqtt" as const },
  ];
  const missing = wanted
    .map((c) => ({ ...c, station: stations.find((st) => st.slug === c.slug) }))
    .filter((c) => c.station && !have.some((h) => h.cp === c.cp));
  if (missing.length === 0) return;
  const passwordHash = await hashChargerPassword(DEMO_CHARGER_PASSWORD);
  await db
    .insert(chargers)
    .values(
      missing.map((c) => ({
        chargePointId: c.cp,
        stationId: c.station!.id,
        protocol: c.protocol,
        passwordHash,
        commissioned: true,
        heartbeatIntervalSeconds: DEMO_CHARGER_HEARTBEAT_SECONDS,
      })),
    )
    .onConflictDoNothing();
}

async function seedDemoDriver() {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.email, DEMO_DRIVER.email));
  if (!user) return;
  const [existing] = await db
    .select({ id: zavchargeAccounts.id })
    .from(zavchargeAccounts)
    .where(eq(zavchargeAccounts.code, DEMO_DRIVER.code));
  if (existing) {
    // Databases seeded before RFID cards existed get the demo card too.
    await db
      .update(zavchargeAccounts)
      .set({ rfidTag: DEMO_DRIVER.rfidTag })
      .where(and(eq(zavchargeAccounts.id, existing.id), isNull(zavchargeAccounts.rfidTag)));
    return;
  }
  const pinHash = await hashPin(DEMO_DRIVER.pin);
  await db.transaction(async (tx) => {
    const [plan] = await tx.select().from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
    const [period] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.product, "zavcharge")))
      .limit(1);
    const [account] = await tx
      .insert(zavchargeAccounts)
      .values({
        code: DEMO_DRIVER.code,
        userId: user.id,
        name: user.name,
        email: user.email,
        phone: user.phone ?? "+2348063456789",
        pinHash,
        rfidTag: DEMO_DRIVER.rfidTag,
        planId: plan!.id,
        subscriptionId: period?.id ?? null,
        createdAt: lagosTime(-25, 9),
      })
      .returning({ id: zavchargeAccounts.id });
    const accountId = account!.id;
    certain(
      await postWalletEntry(tx, {
        accountId,
        kind: "welcome_credit",
        amountKobo: WELCOME_CREDIT_KOBO,
        reference: `welcome:${accountId}`,
        description: "Welcome credit",
        createdAt: lagosTime(-25, 9),
      }),
      "Posting a credit or a covered debit",
    );
    certain(
      await postWalletEntry(tx, {
        accountId,
        kind: "top_up",
        amountKobo: 5_000_000,
        reference: `seed-top-up:${accountId}`,
        description: "Top-up by bank transfer",
        createdAt: lagosTime(-24, 11),
      }),
      "Posting a credit or a covered debit",
    );
    const stations = await tx.select().from(chargingStations);
    const slots = await tx.select().from(chargingSlots);
    for (const past of DEMO_DRIVER_SESSIONS) {
      const station = stations.find((s) => s.slug === past.station)!;
      const slot = slots.find((s) => s.stationId === station.id && s.number === past.slot)!;
      const startedAt = lagosTime(-past.daysAgo, past.hour);
      const costKobo = sessionCostKobo(past.energyWh, station.pricePerKwhKobo);
      const meterStartWh = 1_000_000 + past.daysAgo * 50_000;
      const [session] = await tx
        .insert(chargingSessions)
        .values({
          accountId,
          stationId: station.id,
          slotId: slot.id,
          slotNumber: slot.number,
          pricePerKwhKobo: station.pricePerKwhKobo,
          status: "completed",
          startedAt,
          stoppedAt: new Date(startedAt.getTime() + past.minutes * 60_000),
          meterStartWh,
          meterStopWh: meterStartWh + past.energyWh,
          energyWh: past.energyWh,
          costKobo,
          stopReason: "Driver unplugged",
        })
        .returning({ id: chargingSessions.id });
      certain(
        await postWalletEntry(tx, {
          accountId,
          kind: "charging",
          amountKobo: -costKobo,
          reference: `session:${session!.id}`,
          description: `Charging at ${station.name}, slot ${slot.number}`,
          sessionId: session!.id,
          createdAt: new Date(startedAt.getTime() + past.minutes * 60_000),
        }),
        "Posting a credit or a covered debit",
      );
    }
  });
}
