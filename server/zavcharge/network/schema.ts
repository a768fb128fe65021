import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo } from "../../db/columns";

// ZavCharge's network (docs/product/zavcharge.md#stations-and-slots): the stations drivers find on the map and their slots.
// A station is an OCPP charge point, a slot its connector (docs/decisions/0048-zavcharge-sub-areas.md).

export const chargingStations = pgTable(
  "charging_stations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    /** Street address as a driver would type it into a map. */
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    pricePerKwhKobo: integer("price_per_kwh_kobo").notNull(),
    /** online: open for charging; offline: closed or unreachable; maintenance: closed for work. */
    status: text("status").notNull().default("online"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    openingHours: text("opening_hours").notNull().default("24 hours"),
    /** The next scheduled maintenance window, if any; its reminder goes 24 h ahead. */
    maintenanceStartsAt: at("maintenance_starts_at"),
    maintenanceMinutes: integer("maintenance_minutes").notNull().default(120),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("charging_stations_city_idx").on(t.city),
    check("charging_stations_status_check", sql`${t.status} in ('online', 'offline', 'maintenance')`),
    check("charging_stations_price_check", sql`${t.pricePerKwhKobo} > 0`),
    check("charging_stations_maintenance_minutes_check", sql`${t.maintenanceMinutes} between 15 and 10080`),
    check("charging_stations_coordinates_check", sql`${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180`),
  ],
);

/** A slot is one connector a car plugs into (OCPP connectorId = number). */
export const chargingSlots = pgTable(
  "charging_slots",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    stationId: belongsTo("station_id", () => chargingStations.id),
    number: integer("number").notNull(),
    connector: text("connector").notNull().default("Type 2"),
    powerKw: integer("power_kw").notNull().default(22),
    /** available, charging (a session is running), out_of_order. */
    status: text("status").notNull().default("available"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    unique("charging_slots_station_number_unique").on(t.stationId, t.number),
    check("charging_slots_number_check", sql`${t.number} between 1 and 99`),
    check("charging_slots_power_check", sql`${t.powerKw} between 1 and 400`),
    check("charging_slots_status_check", sql`${t.status} in ('available', 'charging', 'out_of_order')`),
  ],
);
