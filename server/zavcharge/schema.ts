import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { subscriptions } from "../subscriptions/schema";

// The ZavCharge network (docs/product/zavcharge.md): stations and their slots, plans, driver accounts with a
// hashed PIN and a prepaid wallet kept as a ledger, PIN sign-in sessions and resets, and charging sessions.
// A station is an OCPP charge point, a slot its connector, a charging session its transaction.

const at = (name: string) => timestamp(name, { withTimezone: true });
const kobo = (name: string) => bigint(name, { mode: "number" });

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
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
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
    stationId: integer("station_id")
      .notNull()
      .references(() => chargingStations.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    connector: text("connector").notNull().default("Type 2"),
    powerKw: integer("power_kw").notNull().default(22),
    /** available, charging (a session is running), out_of_order. */
    status: text("status").notNull().default("available"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    unique("charging_slots_station_number_unique").on(t.stationId, t.number),
    check("charging_slots_number_check", sql`${t.number} between 1 and 99`),
    check("charging_slots_power_check", sql`${t.powerKw} between 1 and 400`),
    check("charging_slots_status_check", sql`${t.status} in ('available', 'charging', 'out_of_order')`),
  ],
);

/** Plans a driver can be on; the admin adds and prices them. */
export const zavchargePlans = pgTable(
  "zavcharge_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    priceKobo: kobo("price_kobo").notNull(),
    periodDays: integer("period_days").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("zavcharge_plans_price_check", sql`${t.priceKobo} >= 0`),
    check("zavcharge_plans_period_check", sql`${t.periodDays} between 1 and 366`),
  ],
);

/**
 * A driver's ZavCharge account ("subscription" to drivers): the ZAV… id, the hashed PIN, the wallet balance and
 * the plan period (a row of subscriptions, which the renewal reminder reads). Closing it erases the person's
 * details (user, name, e-mail, phone, PIN) and keeps the row, so ledger and sessions stay whole.
 */
export const zavchargeAccounts = pgTable(
  "zavcharge_accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** ZAV + last 8 digits of the timestamp + 4 uppercase letters (docs/product/zavcharge.md#accounts). */
    code: text("code").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    /** scrypt hash of the 6-digit PIN; null once closed. */
    pinHash: text("pin_hash"),
    planId: integer("plan_id")
      .notNull()
      .references(() => zavchargePlans.id, { onDelete: "restrict" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** Kept equal to the last ledger entry's balance_after, in the same transaction. */
    balanceKobo: kobo("balance_kobo").notNull().default(0),
    /** active, suspended (by staff), closed (by the driver). Plan expiry is read from the subscription. */
    status: text("status").notNull().default("active"),
    suspendedReason: text("suspended_reason"),
    lowBalanceNotifiedAt: at("low_balance_notified_at"),
    /** An RFID card's id tag, shown at a charger instead of the account code (docs/product/zavcharge.md#chargers). */
    rfidTag: text("rfid_tag").unique(),
    /**
     * The welcome credit and free first plan wait for the driver to prove their phone with a texted code
     * (docs/product/zavcharge.md#welcome-credit): set at opening when the site sends texts and none of the person's
     * keys had the welcome, cleared when the phone is proved.
     */
    welcomeAwaitsPhone: boolean("welcome_awaits_phone").notNull().default(false),
    /** When the driver proved `phone` with a texted code; null for a number as typed. */
    phoneVerifiedAt: at("phone_verified_at"),
    closedAt: at("closed_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One open account per site account; closed ones have no user.
    uniqueIndex("zavcharge_accounts_user_open_unique")
      .on(t.userId)
      .where(sql`${t.status} <> 'closed'`),
    index("zavcharge_accounts_email_idx").on(sql`lower(${t.email})`),
    check("zavcharge_accounts_balance_check", sql`${t.balanceKobo} >= 0`),
    check("zavcharge_accounts_status_check", sql`${t.status} in ('active', 'suspended', 'closed')`),
    check("zavcharge_accounts_code_check", sql`${t.code} ~ '^ZAV[0-9]{8}[A-Z]{4}$'`),
  ],
);

/**
 * The wallet ledger: every credit and debit with the balance after it, written in the same transaction as its
 * cause and as the account's balance. `reference` makes each cause count once (an order line, a session).
 */
export const zavchargeWalletEntries = pgTable(
  "zavcharge_wallet_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => zavchargeAccounts.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    amountKobo: kobo("amount_kobo").notNull(),
    balanceAfterKobo: kobo("balance_after_kobo").notNull(),
    reference: text("reference").notNull().unique(),
    description: text("description").notNull(),
    orderId: uuid("order_id"),
    sessionId: integer("session_id"),
    staffUserId: text("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("zavcharge_wallet_entries_account_idx").on(t.accountId, t.id),
    check(
      "zavcharge_wallet_entries_kind_check",
      sql`${t.kind} in ('welcome_credit', 'top_up', 'charging', 'plan_renewal', 'refund', 'adjustment', 'referral_payout')`,
    ),
    check("zavcharge_wallet_entries_amount_check", sql`${t.amountKobo} <> 0`),
    check("zavcharge_wallet_entries_balance_check", sql`${t.balanceAfterKobo} >= 0`),
    check(
      "zavcharge_wallet_entries_reason_check",
      sql`${t.kind} <> 'adjustment' or (${t.reason} is not null and ${t.staffUserId} is not null)`,
    ),
  ],
);

/** A signed-in PIN: opens the driver's ZavCharge dashboard only. The cookie holds the token; we keep its hash. */
export const zavchargePinSessions = pgTable(
  "zavcharge_pin_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull().unique(),
    accountId: integer("account_id")
      .notNull()
      .references(() => zavchargeAccounts.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("zavcharge_pin_sessions_account_idx").on(t.accountId)],
);

/** A PIN reset: a one-time code e-mailed to the account's address, kept hashed, short-lived, few tries. */
export const zavchargePinResets = pgTable(
  "zavcharge_pin_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => zavchargeAccounts.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("zavcharge_pin_resets_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * Who has had the welcome credit and the free first plan (docs/product/zavcharge.md#welcome-credit): one row per
 * key of the person who got them (their site account, their confirmed e-mail, their phone), each kept as a one-way
 * fingerprint (HMAC under the server secret), so the rows outlive closing and deletion without naming anyone.
 */
export const zavchargeWelcomeGrants = pgTable("zavcharge_welcome_grants", {
  fingerprint: text("fingerprint").primaryKey(),
  /** The account that got the credit; kept when the account is closed (its row stays, without the person). */
  accountId: integer("account_id").references(() => zavchargeAccounts.id, { onDelete: "set null" }),
  grantedAt: at("granted_at").notNull().defaultNow(),
});

/**
 * A ZavCharge registration waiting for its e-mail to be confirmed (docs/product/zavcharge.md#accounts): the site
 * account exists unconfirmed; its ZavCharge account opens when the person who chose the password confirms the
 * address. The PIN is kept hashed (null: one is generated when the account opens). Dropped when the account opens,
 * when the password is reset (whoever resets it did not necessarily choose this PIN) and after 7 days.
 */
export const zavchargePendingRegistrations = pgTable("zavcharge_pending_registrations", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  phone: text("phone").notNull(),
  pinHash: text("pin_hash"),
  createdAt: at("created_at").notNull().defaultNow(),
});

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
    stationId: integer("station_id")
      .notNull()
      .references(() => chargingStations.id, { onDelete: "restrict" }),
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
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("chargers_station_idx").on(t.stationId),
    check("chargers_protocol_check", sql`${t.protocol} in ('ocpp', 'mqtt')`),
    check("chargers_availability_check", sql`${t.availability} in ('Operative', 'Inoperative')`),
    check("chargers_heartbeat_check", sql`${t.heartbeatIntervalSeconds} between 10 and 86400`),
  ],
);

/**
 * A driver's own limits for a charge started from the site (docs/product/zavcharge.md#chargers), from the
 * RemoteStartTransaction until the charger's StartTransaction opens the session: a few minutes at most. In the
 * database, so the instance the charger reaches finds them whichever instance sent the start, and a restart keeps them.
 */
export const remoteStartLimits = pgTable(
  "zavcharge_remote_start_limits",
  {
    chargerId: integer("charger_id")
      .notNull()
      .references(() => chargers.id, { onDelete: "cascade" }),
    connectorId: integer("connector_id").notNull(),
    idTag: text("id_tag").notNull(),
    energyLimitWh: bigint("energy_limit_wh", { mode: "number" }),
    moneyLimitKobo: kobo("money_limit_kobo"),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chargerId, t.connectorId, t.idTag] }),
    index("zavcharge_remote_start_limits_expires_idx").on(t.expiresAt),
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
    chargerId: integer("charger_id")
      .notNull()
      .references(() => chargers.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    params: jsonb("params").notNull(),
    status: text("status").notNull().default("queued"),
    /** What the charger answered, as the asker returns it (TCommandResult). */
    result: jsonb("result"),
    instanceId: text("instance_id").notNull(),
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    requestedAt: at("requested_at").notNull().defaultNow(),
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
    chargerId: integer("charger_id")
      .notNull()
      .references(() => chargers.id, { onDelete: "cascade" }),
    /** in: charger to us; out: us to the charger. */
    direction: text("direction").notNull(),
    action: text("action").notNull(),
    messageId: text("message_id"),
    payload: jsonb("payload"),
    errorCode: text("error_code"),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    index("charger_messages_charger_idx").on(t.chargerId, t.id),
    index("charger_messages_at_idx").on(t.at),
    check("charger_messages_direction_check", sql`${t.direction} in ('in', 'out')`),
  ],
);

/**
 * A charging session (an OCPP transaction): the price per kWh is fixed at the start; energy in Wh and cost in
 * kobo are settled at the stop, when the wallet is debited once (ledger reference `session:<id>`).
 */
export const chargingSessions = pgTable(
  "charging_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => zavchargeAccounts.id, { onDelete: "restrict" }),
    stationId: integer("station_id")
      .notNull()
      .references(() => chargingStations.id, { onDelete: "restrict" }),
    slotId: integer("slot_id")
      .notNull()
      .references(() => chargingSlots.id, { onDelete: "restrict" }),
    slotNumber: integer("slot_number").notNull(),
    pricePerKwhKobo: integer("price_per_kwh_kobo").notNull(),
    /** active, completed, cancelled (stopped with no energy, nothing charged). */
    status: text("status").notNull().default("active"),
    startedAt: at("started_at").notNull().defaultNow(),
    stoppedAt: at("stopped_at"),
    meterStartWh: bigint("meter_start_wh", { mode: "number" }).notNull().default(0),
    meterStopWh: bigint("meter_stop_wh", { mode: "number" }),
    energyWh: bigint("energy_wh", { mode: "number" }),
    costKobo: kobo("cost_kobo"),
    /** The part of the cost the balance could not cover (staff are alerted). */
    unpaidKobo: kobo("unpaid_kobo").notNull().default(0),
    /** Who started and stopped it: an attendant's user id, or null when the driver or the charger did. */
    startedByUserId: text("started_by_user_id").references(() => users.id, { onDelete: "set null" }),
    stoppedByUserId: text("stopped_by_user_id").references(() => users.id, { onDelete: "set null" }),
    stopReason: text("stop_reason"),
    /** attendant: started at the attendant's screen or by the driver on the site; charger: a StartTransaction. */
    source: text("source").notNull().default("attendant"),
    /** The charger that runs it; its OCPP transactionId is this session's id. */
    chargerId: integer("charger_id").references(() => chargers.id, { onDelete: "set null" }),
    /** The id tag the charger presented (the account code or its RFID tag). */
    idTag: text("id_tag"),
    /** The last plausible meter reading (MeterValues), its time, and the car's state of charge and power. */
    lastMeterWh: bigint("last_meter_wh", { mode: "number" }),
    lastMeterAt: at("last_meter_at"),
    socPercent: integer("soc_percent"),
    powerW: integer("power_w"),
    /** Optional prepaid limits the driver chose; the balance is always a limit. */
    energyLimitWh: bigint("energy_limit_wh", { mode: "number" }),
    moneyLimitKobo: kobo("money_limit_kobo"),
    /** Set once when a limit was reached and RemoteStopTransaction was asked for: balance, energy or money. */
    limitReason: text("limit_reason"),
    remoteStopRequestedAt: at("remote_stop_requested_at"),
    fullyChargedNotifiedAt: at("fully_charged_notified_at"),
    /** The charger's own meterStop when it was not billed as sent (below the start, a drop or a jump). */
    reportedMeterStopWh: bigint("reported_meter_stop_wh", { mode: "number" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    // A StartTransaction replayed after a reconnect finds its session instead of opening a second one.
    uniqueIndex("charging_sessions_charger_start_unique")
      .on(t.chargerId, t.slotNumber, t.idTag, t.startedAt, t.meterStartWh)
      .where(sql`${t.chargerId} is not null`),
    index("charging_sessions_charger_idx").on(t.chargerId, t.status),
    check("charging_sessions_source_check", sql`${t.source} in ('attendant', 'charger')`),
    check("charging_sessions_soc_check", sql`${t.socPercent} is null or ${t.socPercent} between 0 and 100`),
    uniqueIndex("charging_sessions_active_slot_unique")
      .on(t.slotId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex("charging_sessions_active_account_unique")
      .on(t.accountId)
      .where(sql`${t.status} = 'active'`),
    index("charging_sessions_account_idx").on(t.accountId, t.startedAt),
    index("charging_sessions_station_idx").on(t.stationId, t.startedAt),
    check("charging_sessions_status_check", sql`${t.status} in ('active', 'completed', 'cancelled')`),
    check("charging_sessions_price_check", sql`${t.pricePerKwhKobo} > 0`),
    check("charging_sessions_unpaid_check", sql`${t.unpaidKobo} >= 0`),
    check(
      "charging_sessions_settled_check",
      sql`${t.status} = 'active' or (${t.stoppedAt} is not null and ${t.energyWh} >= 0 and ${t.costKobo} >= 0 and ${t.meterStopWh} >= ${t.meterStartWh})`,
    ),
  ],
);
