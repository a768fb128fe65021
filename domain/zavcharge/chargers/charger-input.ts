import { z } from "zod";
import { OCPP_CONNECTOR_STATUSES, TRIGGERABLE_MESSAGES } from "./charger";

// What chargers send, as the central system's use cases read it (docs/product/zavcharge.md#chargers). The OCPP
// adapter has already checked each message against the OCPP 1.6 JSON schemas; these add what our rules need
// (whole Wh, real dates, bounded ids) and serve the MQTT adapter the same way. Server-only: zod.

const isoDate = z
  .string()
  .max(40)
  .refine((s) => !Number.isNaN(new Date(s).getTime()), "Not a date")
  .transform((s) => new Date(s));
const wh = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const connectorId = z.number().int().min(0).max(99);
export const ZIdTag = z.string().trim().min(1).max(20);

export const ZBootNotification = z.object({
  chargePointVendor: z.string().max(20),
  chargePointModel: z.string().max(20),
  chargePointSerialNumber: z.string().max(25).optional(),
  chargeBoxSerialNumber: z.string().max(25).optional(),
  firmwareVersion: z.string().max(50).optional(),
});
export type TBootNotification = z.input<typeof ZBootNotification>;

export const ZStatusNotification = z.object({
  connectorId,
  status: z.enum(OCPP_CONNECTOR_STATUSES),
  errorCode: z.string().max(50),
  info: z.string().max(50).optional(),
  timestamp: isoDate.optional(),
});
export type TStatusNotification = z.input<typeof ZStatusNotification>;

export const ZStartTransaction = z.object({
  connectorId: z.number().int().min(1).max(99),
  idTag: ZIdTag,
  meterStart: wh,
  timestamp: isoDate,
  reservationId: z.number().int().optional(),
});
export type TStartTransaction = z.input<typeof ZStartTransaction>;

const ZSampledValue = z.object({
  value: z.string().max(50),
  measurand: z.string().max(50).optional(),
  unit: z.string().max(20).optional(),
  phase: z.string().max(10).optional(),
  context: z.string().max(30).optional(),
  location: z.string().max(10).optional(),
});
const ZMeterValue = z.object({ timestamp: z.string().max(40), sampledValue: z.array(ZSampledValue).max(100) });

export const ZMeterValues = z.object({
  connectorId,
  transactionId: z.number().int().optional(),
  meterValue: z.array(ZMeterValue).max(100),
});
export type TMeterValues = z.input<typeof ZMeterValues>;

export const ZStopTransaction = z.object({
  transactionId: z.number().int(),
  meterStop: z.number().int(),
  timestamp: isoDate,
  idTag: ZIdTag.optional(),
  reason: z.string().max(30).optional(),
  transactionData: z.array(ZMeterValue).max(100).optional(),
});
export type TStopTransaction = z.input<typeof ZStopTransaction>;

export const ZForceClose = z.object({
  sessionId: z.coerce.number().int().positive(),
  reason: z.string().trim().min(3, "Say why the session is closed by hand").max(500),
});
export type TForceClose = z.input<typeof ZForceClose>;

export const ZRemoteStart = z.object({
  accountId: z.number().int().positive(),
  stationId: z.coerce.number().int().positive(),
  slotNumber: z.coerce.number().int().min(1).max(99),
  energyLimitWh: z.number().int().positive().nullable().optional(),
  moneyLimitKobo: z.number().int().positive().nullable().optional(),
});
export type TRemoteStart = z.input<typeof ZRemoteStart>;

/** Charge point ids are the last segment of the charger's URL: letters, digits, dot, dash and underscore. */
export const CHARGE_POINT_ID_PATTERN = /^[A-Za-z0-9._-]{1,48}$/;

/** Staff register or edit a charger; the password is set on creation and whenever a new one is typed. */
export const ZSaveCharger = z.object({
  id: z.coerce.number().int().positive().optional(),
  chargePointId: z.string().trim().regex(CHARGE_POINT_ID_PATTERN, "Use letters, digits, '.', '-' or '_' (48 at most)"),
  stationId: z.coerce.number().int().positive({ message: "Choose a station" }),
  password: z
    .string()
    .optional()
    .transform((s) => (s ? s : undefined))
    .pipe(z.string().min(16, "At least 16 characters").max(40, "40 characters at most").optional()),
  commissioned: z.boolean().default(false),
  /** How it talks to us: OCPP 1.6J (the default for a new charger) or MQTT; an edit without it keeps the charger's. */
  protocol: z.enum(["ocpp", "mqtt"]).optional(),
  heartbeatIntervalSeconds: z.coerce.number().int().min(10).max(86_400).default(300),
});
export type TSaveCharger = z.input<typeof ZSaveCharger>;

/**
 * The dashboard's "Start charging" form: one choice of station and slot ("<stationId>:<slot>", so it works
 * without JavaScript), and an optional stop after so many kWh or so many naira.
 */
export const ZDriverStartForm = z
  .object({
    place: z.string().regex(/^\d{1,9}:\d{1,2}$/, "Choose a station and a slot"),
    limitKind: z.enum(["none", "energy", "money"]).default("none"),
    limitValue: z.string().trim().optional(),
  })
  .transform((f, ctx) => {
    const [stationId, slotNumber] = f.place.split(":").map(Number) as [number, number];
    let energyLimitWh: number | null = null;
    let moneyLimitKobo: number | null = null;
    if (f.limitKind !== "none") {
      const n = Number(f.limitValue);
      const ok = f.limitValue !== undefined && f.limitValue !== "" && Number.isFinite(n) && n > 0;
      if (!ok || (f.limitKind === "energy" && n > 500) || (f.limitKind === "money" && n > 500_000)) {
        ctx.addIssue({
          code: "custom",
          path: ["limitValue"],
          message: f.limitKind === "energy" ? "Enter the kWh to charge (up to 500)" : "Enter the naira to spend (up to ₦500,000)",
        });
        return z.NEVER;
      }
      if (f.limitKind === "energy") energyLimitWh = Math.round(n * 1000);
      else moneyLimitKobo = Math.round(n * 100);
    }
    return { stationId, slotNumber, energyLimitWh, moneyLimitKobo };
  });

export const ZDriverStopForm = z.object({ sessionId: z.coerce.number().int().positive() });

const ZConnector = z.coerce.number().int().min(0, "Connector 0 is the whole charger").max(99);

/** What staff send a charger from its page (docs/product/zavcharge.md#chargers). */
export const ZChargerCommand = z.discriminatedUnion("command", [
  z.object({ command: z.literal("reset"), chargerId: z.coerce.number().int().positive(), type: z.enum(["Soft", "Hard"]) }),
  z.object({
    command: z.literal("unlock"),
    chargerId: z.coerce.number().int().positive(),
    connectorId: ZConnector.refine((n) => n > 0, "Choose a connector"),
  }),
  z.object({
    command: z.literal("availability"),
    chargerId: z.coerce.number().int().positive(),
    connectorId: ZConnector,
    type: z.enum(["Operative", "Inoperative"]),
  }),
  z.object({
    command: z.literal("configuration"),
    chargerId: z.coerce.number().int().positive(),
    key: z
      .string()
      .trim()
      .min(1, "Enter a configuration key")
      .max(50, "50 characters at most")
      .regex(/^[A-Za-z0-9_.-]+$/, "Letters, digits, '_', '.' or '-'"),
    value: z.string().trim().max(500, "500 characters at most"),
  }),
  z.object({
    command: z.literal("trigger"),
    chargerId: z.coerce.number().int().positive(),
    requestedMessage: z.enum(TRIGGERABLE_MESSAGES),
    connectorId: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), ZConnector.optional()),
  }),
  z.object({
    command: z.literal("stop"),
    chargerId: z.coerce.number().int().positive(),
    transactionId: z.coerce.number().int().positive(),
  }),
]);
export type TChargerCommand = z.input<typeof ZChargerCommand>;
