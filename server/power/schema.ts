import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, wh } from "../db/columns";
import { mayReferToUser } from "../auth/schema";

// Power tracking (docs/product/power-tracking.md): the solar installations we look after, their devices, the readings
// their gateways send, energy by Lagos day, and alarms. Energy in integer Wh, power in integer W, instants in UTC.

export const powerInstallations = pgTable(
  "power_installations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    siteName: text("site_name").notNull(),
    /** The customer's account when they have one (they then see the system on their dashboard). */
    customerUserId: mayReferToUser("customer_user_id"),
    customerName: text("customer_name"),
    customerEmail: text("customer_email"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    pvWp: integer("pv_wp").notNull(),
    batteryWh: integer("battery_wh").notNull().default(0),
    inverterVa: integer("inverter_va").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** SHA-256 of the gateway's key; the key itself is shown once, when the installation is added. */
    ingestKeyHash: text("ingest_key_hash").notNull(),
    /** The key's last four characters, to tell keys apart on screen. */
    ingestKeyHint: text("ingest_key_hint").notNull(),
    createdAt: atNow("created_at"),
    // The latest reading, kept on the row for the fleet overview and the next reading's counter check.
    lastSeenAt: at("last_seen_at"),
    lastReadingAt: at("last_reading_at"),
    pvW: integer("pv_w"),
    loadW: integer("load_w"),
    gridW: integer("grid_w"),
    batteryW: integer("battery_w"),
    generatorW: integer("generator_w"),
    socPct: real("soc_pct"),
    gridAvailable: boolean("grid_available"),
    generatorRunning: boolean("generator_running"),
    lastPvWh: wh("last_pv_wh"),
    lastLoadWh: wh("last_load_wh"),
    lastGridImportWh: wh("last_grid_import_wh"),
    lastGeneratorWh: wh("last_generator_wh"),
    /** Set while a silent or low-battery episode has had its admin alert; cleared when the episode ends. */
    silentAlertedAt: at("silent_alerted_at"),
    lowBatteryAlertedAt: at("low_battery_alerted_at"),
  },
  (t) => [uniqueIndex("power_installations_key_idx").on(t.ingestKeyHash), index("power_installations_customer_idx").on(t.customerUserId)],
);

export const powerDevices = pgTable(
  "power_devices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    installationId: belongsTo("installation_id", () => powerInstallations.id),
    kind: text("kind").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    serial: text("serial"),
  },
  (t) => [
    index("power_devices_installation_idx").on(t.installationId),
    check("power_devices_kind_check", sql`${t.kind} in ('inverter', 'battery', 'meter', 'generator', 'gateway')`),
  ],
);

export const powerReadings = pgTable(
  "power_readings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    installationId: belongsTo("installation_id", () => powerInstallations.id),
    at: at("at").notNull(),
    receivedAt: atNow("received_at"),
    pvW: integer("pv_w").notNull(),
    loadW: integer("load_w").notNull(),
    gridW: integer("grid_w").notNull(),
    batteryW: integer("battery_w").notNull(),
    generatorW: integer("generator_w").notNull(),
    socPct: real("soc_pct"),
    gridAvailable: boolean("grid_available").notNull(),
    generatorRunning: boolean("generator_running").notNull(),
    pvWh: wh("pv_wh").notNull(),
    loadWh: wh("load_wh").notNull(),
    gridImportWh: wh("grid_import_wh").notNull(),
    generatorWh: wh("generator_wh").notNull(),
    counterReset: boolean("counter_reset").notNull().default(false),
  },
  (t) => [index("power_readings_installation_at_idx").on(t.installationId, t.at)],
);

/** Energy by Lagos day, added to as readings arrive (the delta of each interval goes to its closing reading's day). */
export const powerDailyEnergy = pgTable(
  "power_daily_energy",
  {
    installationId: belongsTo("installation_id", () => powerInstallations.id),
    day: date("day", { mode: "string" }).notNull(),
    pvWh: wh("pv_wh").notNull().default(0),
    loadWh: wh("load_wh").notNull().default(0),
    gridImportWh: wh("grid_import_wh").notNull().default(0),
    generatorWh: wh("generator_wh").notNull().default(0),
    minSocPct: real("min_soc_pct"),
    maxSocPct: real("max_soc_pct"),
  },
  (t) => [primaryKey({ columns: [t.installationId, t.day] })],
);

export const powerAlarms = pgTable(
  "power_alarms",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    installationId: belongsTo("installation_id", () => powerInstallations.id),
    code: text("code").notNull(),
    severity: text("severity").notNull(),
    message: text("message").notNull(),
    raisedAt: at("raised_at").notNull(),
    clearedAt: at("cleared_at"),
    acknowledgedAt: at("acknowledged_at"),
    acknowledgedBy: mayReferToUser("acknowledged_by"),
  },
  (t) => [
    index("power_alarms_installation_idx").on(t.installationId, t.raisedAt),
    uniqueIndex("power_alarms_active_idx")
      .on(t.installationId, t.code)
      .where(sql`${t.clearedAt} is null`),
    check("power_alarms_severity_check", sql`${t.severity} in ('info', 'warning', 'critical')`),
  ],
);
