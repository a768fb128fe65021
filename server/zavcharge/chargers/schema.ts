import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, refersTo } from "../../db/columns";
import { chargingStations } from "../network/schema";

// ZavCharge's chargers (docs/product/zavcharge.md#chargers): the devices that speak OCPP 1.6J or MQTT to the central
// system, which instance holds each one's socket, the commands routed to them and the messages they exchanged.

/**
 * A charger that speaks to the central system (docs/product/zavcharge.md#chargers): OCPP 1.6J over a websocket
 * at /ocpp/<chargePointId>, or MQTT (a later adapter). Its connectors are the station's slots (connectorId =
 * slot number). It authenticates with HTTP Basic (the charge point id and a password kept as a scrypt hash);
 * only a commissioned charger's BootNotification is accepted.
 */
export const chargers = pgTable(
  "chargers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    chargePointId: text("charge_point_id").notNull().unique(),
    stationId: refersTo("station_id", () => chargingStations.id),
    protocol: text("protocol").notNull().default("ocpp"),
    passwordHash: text("password_hash"),
    commissioned: boolean("commissioned").notNull().default(false),
    vendor: text("vendor"),
    model: text("model"),
    firmwareVersion: text("firmware_version"),
    serialNumber: text("serial_number"),
    connected: boolean("connected").notNull().default(false),
    lastSeenAt: at("last_seen_at"),
    lastHeartbeatAt: at("last_heartbeat_at"),
    lastBootAt: at("last_boot_at"),
    heartbeatIntervalSeconds: integer("heartbeat_interval_seconds").notNull().default(300),
    /** The availability the charger last accepted (ChangeAvailability for maintenance windows). */
    availability: text("availability").notNull().default("Operative"),
    /** True when we set the station offline because its chargers went away; set back online when one returns. */
    stationSetOffline: boolean("station_set_offline").notNull().default(false),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [
    index("chargers_station_idx").on(t.stationId),
    check("chargers_protocol_check", sql`${t.protocol} in ('ocpp', 'mqtt')`),
    check("chargers_availability_check", sql`${t.availability} in ('Operative', 'Inoperative')`),
    check("chargers_heartbeat_check", sql`${t.heartbeatIntervalSeconds} between 10 and 86400`),
  ],
);

/**
 * Which instance holds each charger's socket (docs/product/zavcharge.md#chargers, docs/decisions/0036-charger-commands-across-instances.md).
 * Each connection bumps the epoch; a close deletes the row only while instance and epoch are still its own, so
 * the late close of an old socket never undoes a reconnection to another instance.
 */
export const chargerConnections = pgTable("charger_connections", {
  chargerId: integer("charger_id")
    .primaryKey()
    .references(() => chargers.id, { onDelete: "cascade" }),
  instanceId: text("instance_id").notNull(),
  epoch: bigint("epoch", { mode: "number" }).notNull(),
  connectedAt: at("connected_at").notNull(),
});

/**
 * A command for a charger whose socket another instance holds: asked by any instance, carried out by the one it
 * was routed to (instance and epoch), answered here. queued -> sent -> answered | failed; a queued one too old is
 * expired (never delivered late), a sent one whose instance went away is unknown (never sent again).
 */
export const chargerCommands = pgTable(
  "charger_commands",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chargerId: belongsTo("charger_id", () => chargers.id),
    action: text("action").notNull(),
    params: jsonb("params").notNull(),
    status: text("status").notNull().default("queued"),
    /** What the charger answered, as the asker returns it (TCommandResult). */
    result: jsonb("result"),
    instanceId: text("instance_id").notNull(),
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    requestedAt: atNow("requested_at"),
    sentAt: at("sent_at"),
    answeredAt: at("answered_at"),
  },
  (t) => [
    index("charger_commands_open_idx")
      .on(t.instanceId, t.status)
      .where(sql`${t.status} in ('queued', 'sent')`),
    index("charger_commands_requested_idx").on(t.requestedAt),
    check("charger_commands_status_check", sql`${t.status} in ('queued', 'sent', 'answered', 'failed', 'unknown', 'expired')`),
  ],
);

/** Every message to and from a charger, payload cut to a few KB; pruned by age and to the last N per charger. */
export const chargerMessages = pgTable(
  "charger_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chargerId: belongsTo("charger_id", () => chargers.id),
    /** in: charger to us; out: us to the charger. */
    direction: text("direction").notNull(),
    action: text("action").notNull(),
    messageId: text("message_id"),
    payload: jsonb("payload"),
    errorCode: text("error_code"),
    at: atNow("at"),
  },
  (t) => [
    index("charger_messages_charger_idx").on(t.chargerId, t.id),
    index("charger_messages_at_idx").on(t.at),
    check("charger_messages_direction_check", sql`${t.direction} in ('in', 'out')`),
  ],
);
