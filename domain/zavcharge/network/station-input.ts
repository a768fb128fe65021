import { z } from "zod";
import { namedText, slugText } from "../../text/text-input";
import { lagosLocalToInstant } from "../../time/lagos-time";
import { parseNairaToKobo } from "../../money/money";
import {
  CONNECTOR_TYPES,
  DEFAULT_MAINTENANCE_MINUTES,
  MAINTENANCE_MINUTES_MAX,
  MAINTENANCE_MINUTES_MIN,
  SLOT_POWER_MAX_KW,
  STAFF_SLOT_STATUSES,
  STATION_STATUSES,
} from "./network-rules";

// The staff station forms as the server reads them (docs/product/zavcharge.md#stations-and-slots). Zod lives
// here only: components import constants from ./zavcharge, never this file.

const coordinate = (label: string, limit: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, `The ${label} must be a decimal number such as 6.4474`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, `The ${label} must be between -${limit} and ${limit}`)
        .max(limit, `The ${label} must be between -${limit} and ${limit}`),
    );

const whole = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .regex(/^\d+$/, `The ${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `The ${label} must be between ${min} and ${max}`).max(max, `The ${label} must be between ${min} and ${max}`));

/** ₦1 to ₦100,000 per kWh, typed in naira ("250", "1,250.50"), kept in kobo. */
const pricePerKwh = z
  .string({ error: "Enter the price per kWh" })
  .trim()
  .min(1, "Enter the price per kWh")
  .transform((s, ctx) => {
    const kobo = parseNairaToKobo(s);
    if (kobo === null || kobo < 100 || kobo > 10_000_000) {
      ctx.addIssue({ code: "custom", message: "The price per kWh must be an amount in naira between ₦1 and ₦100,000" });
      return z.NEVER;
    }
    return kobo;
  });

/** "Solar canopy, Café" -> ["Solar canopy", "Café"]: comma-separated, trimmed, no repeats, at most 12. */
const features = z
  .string()
  .optional()
  .transform((s, ctx) => {
    const list = [
      ...new Set(
        (s ?? "")
          .split(",")
          .map((f) => f.trim())
          .filter(Boolean),
      ),
    ];
    if (list.length > 12 || list.some((f) => f.length > 40)) {
      ctx.addIssue({ code: "custom", message: "List at most 12 features of up to 40 characters each, separated by commas" });
      return z.NEVER;
    }
    return list;
  });

export const ZStationFields = z.object({
  name: namedText("station name", 100),
  slug: slugText("lekki-phase-1"),
  address: namedText("address", 200),
  city: namedText("city", 60),
  state: namedText("state", 60),
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  price: pricePerKwh,
  features,
  openingHours: namedText("opening hours", 60),
  status: z.enum(STATION_STATUSES, { error: "Choose online, offline or maintenance" }),
});
export type TStationFields = z.output<typeof ZStationFields>;
export const STATION_FORM_FIELDS = Object.keys(ZStationFields.shape);

export const ZSlotFields = z.object({
  slotId: z
    .string()
    .optional()
    .transform((s) => (s && /^\d+$/.test(s) ? Number(s) : null)),
  number: whole("slot number", 1, 99),
  connector: z.enum(CONNECTOR_TYPES, { error: `Choose a connector: ${CONNECTOR_TYPES.join(", ")}` }),
  powerKw: whole("power in kW", 1, SLOT_POWER_MAX_KW),
  status: z.enum(STAFF_SLOT_STATUSES, { error: "Choose available or out of order" }),
});
export type TSlotFields = z.output<typeof ZSlotFields>;
export const SLOT_FORM_FIELDS = ["number", "connector", "powerKw", "status"];

export const ZMaintenanceFields = z.object({
  startsAt: z
    .string({ error: "Enter when the maintenance starts" })
    .trim()
    .min(1, "Enter when the maintenance starts")
    .transform((s, ctx) => {
      const d = lagosLocalToInstant(s);
      if (!d) {
        ctx.addIssue({ code: "custom", message: "Enter the start as a date and time, like 2026-12-01T10:00 (Lagos time)" });
        return z.NEVER;
      }
      return d;
    }),
  minutes: z
    .string()
    .optional()
    .transform((s) => (s?.trim() ? s.trim() : String(DEFAULT_MAINTENANCE_MINUTES)))
    .pipe(whole("length in minutes", MAINTENANCE_MINUTES_MIN, MAINTENANCE_MINUTES_MAX)),
});
export type TMaintenanceFields = z.output<typeof ZMaintenanceFields>;
export const MAINTENANCE_FORM_FIELDS = ["startsAt", "minutes"];
