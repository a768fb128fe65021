import { describe, expect, it } from "vitest";
import {
  checkReading,
  maxPlausibleWh,
  prepaidLimitReached,
  readingsFromMeterValues,
  sampledValueToInteger,
  slotStatusForConnector,
  validatedStopWh,
} from "./charger";
import { sessionCostKobo } from "../pricing";

// Billing of charger sessions in integers (docs/product/zavcharge.md#chargers): Wh, kobo, milliseconds.

const T0 = new Date("2026-11-24T10:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe("cost of energy", () => {
  it.each([
    // energy Wh, price kobo/kWh, cost kobo (rounded down to the kobo)
    [0, 25_000, 0],
    [1, 25_000, 25],
    [3, 333, 0],
    [12_345, 25_000, 308_625],
    [2_400, 25_000, 60_000],
    [999, 17_999, 17_981],
    [60_000_000, 40_000, 2_400_000_000],
  ])("%i Wh at %i kobo/kWh costs %i kobo", (wh, price, cost) => {
    expect(sessionCostKobo(wh, price)).toBe(cost);
    expect(Number.isInteger(sessionCostKobo(wh, price))).toBe(true);
  });
});

describe("the prepaid limit", () => {
  it.each([
    // energy, price, balance, energy limit, money limit, running cost, reason
    [1_000, 25_000, 60_000, null, null, 25_000, null],
    [2_400, 25_000, 60_000, null, null, 60_000, "balance"],
    [2_399, 25_000, 60_000, null, null, 59_975, null],
    [5_000, 25_000, 1_000_000, 5_000, null, 125_000, "energy"],
    [4_999, 25_000, 1_000_000, 5_000, null, 124_975, null],
    [4_000, 25_000, 1_000_000, null, 100_000, 100_000, "money"],
    [4_000, 25_000, 90_000, 3_000, 50_000, 100_000, "balance"],
  ] as const)("%i Wh at %i with balance %i (limits %s Wh, %s kobo)", (energyWh, price, balance, eLimit, mLimit, cost, reason) => {
    expect(
      prepaidLimitReached({ energyWh, pricePerKwhKobo: price, balanceKobo: balance, energyLimitWh: eLimit, moneyLimitKobo: mLimit }),
    ).toEqual({ runningCostKobo: cost, reason });
  });
});

describe("plausible readings and the energy billed at the stop", () => {
  it("allows the slot's power over the time, with the margin and a little slack", () => {
    expect(maxPlausibleWh(22, 3_600_000)).toBe(27_500 + 20);
    expect(maxPlausibleWh(7, 60_000)).toBe(146 + 20);
    expect(maxPlausibleWh(7, -5)).toBe(20);
  });

  it.each([
    // start, last, last at (min), reading, reading at (min), kW, verdict
    [1_000, null, 0, 1_000, 0, 22, "ok"],
    [1_000, null, 0, 999, 10, 22, "below_start"],
    [1_000, 5_000, 10, 4_999, 20, 22, "decrease"],
    [1_000, 5_000, 10, 9_600, 20, 22, "ok"],
    [1_000, 5_000, 10, 9_604, 20, 22, "ok"],
    [1_000, 5_000, 10, 9_605, 20, 22, "jump"],
    [0, null, 0, 1_000_000, 1, 22, "jump"],
  ] as const)("start %i, last %s: %i Wh is %s", (start, last, lastMin, reading, readingMin, kw, verdict) => {
    const lastWh = last as number | null;
    expect(checkReading({ meterStartWh: start, lastWh, lastAt: at(lastMin), powerKw: kw }, reading, at(readingMin))).toBe(verdict);
  });

  it.each([
    // meterStop, last reading, billed, anomaly
    [58_000, 54_000, 58_000, null],
    [-1, 54_000, 54_000, "below_start"],
    [53_000, 54_000, 54_000, "decrease"],
    [900_000, 54_000, 54_000, "jump"],
    [-1, null, 50_000, "below_start"],
  ] as const)("meterStop %i after %s bills %i (%s)", (meterStop, last, billed, anomaly) => {
    const lastMeterWh = last as number | null;
    expect(
      validatedStopWh(
        { meterStartWh: 50_000, lastMeterWh, lastMeterAt: lastMeterWh === null ? null : at(20), startedAt: at(0), powerKw: 22 },
        meterStop,
        at(30),
      ),
    ).toEqual({ billedWh: billed, anomaly });
  });
});

describe("reading OCPP meter values", () => {
  it("takes the energy register (Wh or kWh), SoC and power, ignores phases and other measurands, oldest first", () => {
    const readings = readingsFromMeterValues([
      {
        timestamp: at(2).toISOString(),
        sampledValue: [
          { value: "12.5", unit: "kWh" },
          { value: "230", measurand: "Voltage", unit: "V" },
          { value: "4000", measurand: "Energy.Active.Import.Register", phase: "L1" },
          { value: "7.2", measurand: "Power.Active.Import", unit: "kW" },
        ],
      },
      { timestamp: at(1).toISOString(), sampledValue: [{ value: "11999" }, { value: "80", measurand: "SoC", unit: "Percent" }] },
      { timestamp: "not a date", sampledValue: [{ value: "1" }] },
      { timestamp: at(3).toISOString(), sampledValue: [{ value: "abc" }] },
    ]);
    expect(readings).toEqual([
      { at: at(1), energyWh: 11_999, socPercent: 80, powerW: null },
      { at: at(2), energyWh: 12_500, socPercent: null, powerW: 7_200 },
    ]);
    expect(sampledValueToInteger("0.0015", "kWh")).toBe(2);
  });

  it("maps connector statuses to slot statuses", () => {
    expect(slotStatusForConnector("Available")).toBe("available");
    expect(slotStatusForConnector("Preparing")).toBe("available");
    expect(slotStatusForConnector("Charging")).toBe("charging");
    expect(slotStatusForConnector("SuspendedEV")).toBe("charging");
    expect(slotStatusForConnector("Finishing")).toBe("charging");
    expect(slotStatusForConnector("Faulted")).toBe("out_of_order");
    expect(slotStatusForConnector("Unavailable")).toBe("out_of_order");
  });
});
