import { z } from "zod";

// What a gateway sends for one reading (docs/product/power-tracking.md#readings), over HTTP or MQTT: instantaneous power
// in W, cumulative energy counters in Wh, the battery's state of charge, grid and generator state, and the alarms
// active now. Shaped like an OCPP MeterValues sample. Every field is checked; unknown fields are refused.

const watts = z.number().int("Power is whole watts").min(-1_000_000).max(1_000_000);
const wattHours = z.number().int("Energy counters are whole Wh").min(0).max(Number.MAX_SAFE_INTEGER);

export const ZPowerAlarm = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9._-]+$/, "An alarm code is letters, digits, dots, dashes"),
    severity: z.enum(["info", "warning", "critical"]),
    message: z.string().trim().min(1).max(200),
  })
  .strict();

export const ZPowerReading = z
  .object({
    /** When the gateway took the reading (ISO 8601 with a zone). */
    timestamp: z.iso.datetime({ offset: true }),
    power: z
      .object({
        pvW: z.number().int().min(0).max(1_000_000),
        loadW: z.number().int().min(0).max(1_000_000),
        /** Positive: importing from the grid; negative: exporting. */
        gridW: watts,
        /** Positive: the battery is charging; negative: it is discharging into the load. */
        batteryW: watts,
        generatorW: z.number().int().min(0).max(1_000_000).default(0),
      })
      .strict(),
    counters: z.object({ pvWh: wattHours, loadWh: wattHours, gridImportWh: wattHours, generatorWh: wattHours }).strict(),
    socPct: z.number().min(0).max(100).nullable(),
    grid: z.enum(["available", "outage"]),
    generator: z.enum(["running", "off"]),
    /** The gateway's meters were reset or replaced since its last reading: counters may go down this once. */
    counterReset: z.boolean().default(false),
    alarms: z.array(ZPowerAlarm).max(20).default([]),
  })
  .strict();
export type TPowerReading = z.output<typeof ZPowerReading>;
export type TPowerReadingInput = z.input<typeof ZPowerReading>;

const kw = (max: number) => z.coerce.number().min(0, "Must not be negative").max(max);

/** The admin's form for a new installation. */
export const ZNewInstallation = z
  .object({
    siteName: z.string().trim().min(2, "Give the site a name").max(120),
    customerEmail: z.union([z.literal(""), z.email("Enter a valid e-mail address").max(200)]).default(""),
    customerName: z.string().trim().max(120).default(""),
    city: z.string().trim().min(2, "Enter the town or city").max(80),
    state: z.string().trim().min(2, "Enter the state").max(80),
    pvKwp: kw(10_000).refine((v) => v > 0, "Enter the panels' size in kWp"),
    batteryKwh: kw(100_000),
    inverterKva: kw(10_000).refine((v) => v > 0, "Enter the inverter's size in kVA"),
    lat: z.union([z.literal(""), z.coerce.number().min(-90).max(90)]).default(""),
    lng: z.union([z.literal(""), z.coerce.number().min(-180).max(180)]).default(""),
  })
  .refine((v) => v.customerEmail !== "" || v.customerName !== "", {
    message: "Enter the customer's name or e-mail",
    path: ["customerName"],
  });
export type TNewInstallation = z.output<typeof ZNewInstallation>;

export const ZAcknowledgeAlarm = z.object({ alarmId: z.coerce.number().int().positive().max(2_147_483_647) });
