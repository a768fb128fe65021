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
import { formatDuration, formatEnergy, MIN_START_BALANCE_KOBO, startRefusal } from "./sessions/session-rules";

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

  it("refuses to start without an active plan, below the minimum balance, or at a closed station or busy slot", () => {
    const station = { status: "online", maintenanceStartsAt: null, maintenanceMinutes: 120, name: "ZavCharge Lekki" };
    const slot = { status: "available", number: 2 };
    const ok = { state: "active" as const, balanceKobo: MIN_START_BALANCE_KOBO };
    expect(startRefusal(ok, station, slot, now)).toBeNull();
    expect(startRefusal({ ...ok, state: "expired" }, station, slot, now)).toMatch(/expired/);
    expect(startRefusal({ ...ok, balanceKobo: MIN_START_BALANCE_KOBO - 1 }, station, slot, now)).toMatch(/₦500\.00 needed/);
    expect(startRefusal(ok, { ...station, maintenanceStartsAt: new Date(now.getTime() - 60_000) }, slot, now)).toMatch(/maintenance/);
    expect(startRefusal(ok, station, { ...slot, status: "charging" }, now)).toBe("Slot 2 is already in use.");
    expect(availableSlots(station, [{ status: "available" }, { status: "charging" }, { status: "out_of_order" }], now)).toBe(1);
    expect(availableSlots({ ...station, status: "offline" }, [{ status: "available" }], now)).toBe(0);
  });
});
