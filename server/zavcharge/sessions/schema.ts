import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow, belongsTo, refersTo, mayReferTo, kobo, wh } from "../../db/columns";
import { mayReferToUser } from "../../auth/schema";
import { zavchargeAccounts } from "../accounts/schema";
import { chargers } from "../chargers/schema";
import { chargingSlots, chargingStations } from "../network/schema";

// ZavCharge's charging sessions (docs/product/zavcharge.md#charging-sessions): a session is a charger's OCPP
// transaction; a driver's own limits wait here from a remote start until the charger opens the session.

/**
 * A charging session (an OCPP transaction): the price per kWh is fixed at the start; energy in Wh and cost in
 * kobo are settled at the stop, when the wallet is debited once (ledger reference `session:<id>`).
 */
export const chargingSessions = pgTable(
  "charging_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: refersTo("account_id", () => zavchargeAccounts.id),
    stationId: refersTo("station_id", () => chargingStations.id),
    slotId: refersTo("slot_id", () => chargingSlots.id),
    slotNumber: integer("slot_number").notNull(),
    pricePerKwhKobo: integer("price_per_kwh_kobo").notNull(),
    /** active, completed, cancelled (stopped with no energy, nothing charged). */
    status: text("status").notNull().default("active"),
    startedAt: atNow("started_at"),
    stoppedAt: at("stopped_at"),
    meterStartWh: wh("meter_start_wh").notNull().default(0),
    meterStopWh: wh("meter_stop_wh"),
    energyWh: wh("energy_wh"),
    costKobo: kobo("cost_kobo"),
    /** The part of the cost the balance could not cover (staff are alerted). */
    unpaidKobo: kobo("unpaid_kobo").notNull().default(0),
    /** Who started and stopped it: an attendant's user id, or null when the driver or the charger did. */
    startedByUserId: mayReferToUser("started_by_user_id"),
    stoppedByUserId: mayReferToUser("stopped_by_user_id"),
    stopReason: text("stop_reason"),
    /** attendant: started at the attendant's screen or by the driver on the site; charger: a StartTransaction. */
    source: text("source").notNull().default("attendant"),
    /** The charger that runs it; its OCPP transactionId is this session's id. */
    chargerId: mayReferTo("charger_id", () => chargers.id),
    /** The id tag the charger presented (the account code or its RFID tag). */
    idTag: text("id_tag"),
    /** The last plausible meter reading (MeterValues), its time, and the car's state of charge and power. */
    lastMeterWh: wh("last_meter_wh"),
    lastMeterAt: at("last_meter_at"),
    socPercent: integer("soc_percent"),
    powerW: integer("power_w"),
    /** Optional prepaid limits the driver chose; the balance is always a limit. */
    energyLimitWh: wh("energy_limit_wh"),
    moneyLimitKobo: kobo("money_limit_kobo"),
    /** Set once when a limit was reached and RemoteStopTransaction was asked for: balance, energy or money. */
    limitReason: text("limit_reason"),
    remoteStopRequestedAt: at("remote_stop_requested_at"),
    fullyChargedNotifiedAt: at("fully_charged_notified_at"),
    /** The charger's own meterStop when it was not billed as sent (below the start, a drop or a jump). */
    reportedMeterStopWh: wh("reported_meter_stop_wh"),
    createdAt: atNow("created_at"),
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

/**
 * A driver's own limits for a charge started from the site (docs/product/zavcharge.md#chargers), from the
 * RemoteStartTransaction until the charger's StartTransaction opens the session: a few minutes at most. In the
 * database, so the instance the charger reaches finds them whichever instance sent the start, and a restart keeps them.
 */
export const remoteStartLimits = pgTable(
  "zavcharge_remote_start_limits",
  {
    chargerId: belongsTo("charger_id", () => chargers.id),
    connectorId: integer("connector_id").notNull(),
    idTag: text("id_tag").notNull(),
    energyLimitWh: wh("energy_limit_wh"),
    moneyLimitKobo: kobo("money_limit_kobo"),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chargerId, t.connectorId, t.idTag] }),
    index("zavcharge_remote_start_limits_expires_idx").on(t.expiresAt),
  ],
);
