import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Charging stations (no docs/product/ rules yet). Connectors, sessions and OCPP state come with the charging network. */
export const chargingStations = pgTable("charging_stations", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  location: text("location").notNull(),
  latitude: text("latitude").notNull(),
  longitude: text("longitude").notNull(),
  totalSlots: integer("total_slots").notNull(),
  pricePerKwhKobo: integer("price_per_kwh_kobo").notNull(),
  status: text("status").notNull().default("online"),
  features: jsonb("features").$type<string[]>().notNull().default([]),
  maintenanceScheduled: timestamp("maintenance_scheduled", { withTimezone: true }),
  maintenanceDuration: text("maintenance_duration"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
