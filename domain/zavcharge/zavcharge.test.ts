import { describe, expect, it } from "vitest";
import {
  accountState,
  generatedPin,
  isValidPin,
  normaliseSubscriptionCode,
  pinDigits,
  subscriptionCode,
  SUBSCRIPTION_CODE_PATTERN,
} from "./accounts/account-rules";
import { availableSlots, formatMaintenanceLength } from "./network/network-rules";
import { sessionCostKobo } from "./pricing";
import { formatDuration, formatEnergy, MIN_START_BALANCE_KOBO } from "./sessions/session-rules";
import { OFFLINE_START_MS, startDecision, type TStartFacts } from "./sessions/start-decision";

const now = new Date("2026-11-24T10:00:00Z");

describe("subscription ids and PINs (docs/product/zavcharge.md#accounts)", () => {
  it("is ZAV, the last 8 digits of the time and 4 uppercase letters", () => {
    const code = subscriptionCode(1_795_512_345_678, () => 25);
    expect(code).toBe("ZAV12345678ZZZZ");
    expect(subscriptionCode(1_795_512_345_678, () => 0)).toBe("ZAV12345678AAAA");
    for (let i = 0; i < 50; i++)
      expect(subscriptionCode(Date.now(), (n) => Math.floor(Math.random() * n))).toMatch(SUBSCRIPTION_CODE_PATTERN);
    expect(normaliseSubscriptionCode("  zav12345678abcd ")).toBe("ZAV12345678ABCD");
  });

  it("keeps digits only in the PIN field, six of them, and generates 100000-999999", () => {
    expect(pinDigits("12a-34 56789")).toBe("123456");
    expect(isValidPin("123456")).toBe(true);
    expect(isValidPin("12345")).toBe(false);
    expect(isValidPin("12345a")).toBe(false);
    expect(generatedPin(() => 0)).toBe("100000");
    expect(generatedPin((n) => n - 1)).toBe("999999");
  });
});

describe("sessions and the wallet", () => {
  it("prices energy in Wh at a per-kWh price, rounded down to the kobo", () => {
    expect(sessionCostKobo(24_600, 25_000)).toBe(615_000);
    expect(sessionCostKobo(1, 25_000)).toBe(25);
    expect(sessionCostKobo(3, 333)).toBe(0);
    expect(sessionCostKobo(0, 25_000)).toBe(0);
    expect(formatEnergy(24_600)).toBe("24.60 kWh");
    expect(formatDuration(95 * 60_000)).toBe("1 h 35 min");
    expect(formatDuration(30_000)).toBe("under a minute");
    expect(formatMaintenanceLength(120)).toBe("2 hours");
    expect(formatMaintenanceLength(90)).toBe("90 minutes");
  });

  it("reads the account's state from its status and plan expiry", () => {
    expect(accountState({ status: "active", planExpiresAt: new Date(now.getTime() + 1000) }, now)).toBe("active");
    expect(accountState({ status: "active", planExpiresAt: now }, now)).toBe("expired");
    expect(accountState({ status: "active", planExpiresAt: null }, now)).toBe("expired");
    expect(accountState({ status: "suspended", planExpiresAt: new Date(now.getTime() + 1000) }, now)).toBe("suspended");
  });

  it("counts the free slots of an open station only", () => {
    const station = { status: "online", maintenanceStartsAt: null, maintenanceMinutes: 120 };
    expect(availableSlots(station, [{ status: "available" }, { status: "charging" }, { status: "out_of_order" }], now)).toBe(1);
    expect(availableSlots({ ...station, status: "offline" }, [{ status: "available" }], now)).toBe(0);
  });
});

describe("the start decision (docs/product/zavcharge.md#charging-sessions and #chargers)", () => {
  const station = { status: "online", maintenanceStartsAt: null, maintenanceMinutes: 120, name: "ZavCharge Lekki" };
  const place = { station, slot: { status: "available", number: 2 }, held: false };
  const account = { state: "active" as const, balanceKobo: MIN_START_BALANCE_KOBO, chargingElsewhere: false };
  const decide = (facts: Partial<TStartFacts>) => startDecision({ account, place, by: "site", ...facts }, now);

  it("accepts an active account with the minimum balance at a free slot of an open station", () => {
    expect(decide({})).toEqual({ status: "Accepted", opens: true, message: null });
    expect(decide({ by: "charger" })).toEqual({ status: "Accepted", opens: true, message: null });
    expect(decide({ place: undefined, by: "charger" }).status).toBe("Accepted");
  });

  it("refuses an account in OCPP's words and the driver's", () => {
    expect(decide({ account: null })).toMatchObject({ status: "Invalid", opens: false, message: "Subscription ID not found" });
    expect(decide({ account: { ...account, state: "closed" } })).toMatchObject({ status: "Invalid", opens: false });
    expect(decide({ account: { ...account, state: "suspended" } })).toMatchObject({ status: "Blocked", message: /suspended/ });
    expect(decide({ account: { ...account, state: "expired" } })).toMatchObject({ status: "Blocked", message: /expired/ });
    expect(decide({ account: { ...account, balanceKobo: MIN_START_BALANCE_KOBO - 1 } })).toMatchObject({
      status: "Blocked",
      opens: false,
      message: "The balance is below the ₦500.00 needed to start. Please top up.",
    });
    expect(decide({ account: { ...account, chargingElsewhere: true } })).toMatchObject({
      status: "ConcurrentTx",
      message: "This account already has a session running. Stop it first.",
    });
  });

  it("refuses a place in maintenance, offline, out of order or in use; a charger's own start reads only maintenance and an open session", () => {
    const inWindow = { ...place, station: { ...station, maintenanceStartsAt: new Date(now.getTime() - 60_000) } };
    expect(decide({ place: inWindow })).toMatchObject({ status: "Blocked", message: "ZavCharge Lekki is closed for maintenance." });
    expect(decide({ place: inWindow, by: "charger" })).toMatchObject({ status: "Blocked", opens: false });
    const offline = { ...place, station: { ...station, status: "offline" } };
    expect(decide({ place: offline })).toMatchObject({ status: "Blocked", message: "ZavCharge Lekki is offline at the moment." });
    const charging = { ...place, slot: { status: "charging", number: 2 } };
    expect(decide({ place: charging })).toMatchObject({ status: "ConcurrentTx", message: "Slot 2 is already in use." });
    const broken = { ...place, slot: { status: "out_of_order", number: 2 } };
    expect(decide({ place: broken })).toMatchObject({ status: "Blocked", message: "Slot 2 is out of order." });
    // The charger reports its own connector "Charging" before its StartTransaction arrives, and is online.
    expect(decide({ place: { ...charging, station: offline.station }, by: "charger" }).status).toBe("Accepted");
    expect(decide({ place: { ...place, held: true }, by: "charger" })).toMatchObject({ status: "ConcurrentTx", opens: false });
  });

  it("opens a start queued offline for an account only blocked now, but not for an unknown or closed one, nor at a closed place", () => {
    const queued = new Date(now.getTime() - OFFLINE_START_MS - 1000);
    const short = { ...account, balanceKobo: 0 };
    expect(decide({ by: "charger", stampedAt: queued, account: short })).toMatchObject({ status: "Blocked", opens: true });
    expect(decide({ by: "charger", stampedAt: queued, account: { ...account, state: "expired" } }).opens).toBe(true);
    expect(decide({ by: "charger", stampedAt: now, account: short }).opens).toBe(false);
    expect(decide({ by: "charger", stampedAt: queued, account: null }).opens).toBe(false);
    expect(decide({ by: "charger", stampedAt: queued, account: { ...short, state: "closed" } }).opens).toBe(false);
    expect(decide({ by: "charger", stampedAt: queued, account: { ...account, chargingElsewhere: true } }).opens).toBe(false);
    const held = { ...place, held: true };
    expect(decide({ by: "charger", stampedAt: queued, account: short, place: held })).toMatchObject({
      status: "ConcurrentTx",
      opens: false,
    });
  });
});
