import { and, eq } from "drizzle-orm";
import {
  checkReading,
  prepaidLimitReached,
  readingsFromMeterValues,
  type TLimitReason,
  type TOcppMeterValue,
} from "@domain/zavcharge/chargers/charger";
import { ZMeterValues, type TMeterValues } from "@domain/zavcharge/chargers/charger-input";
import { formatEnergy } from "@domain/zavcharge/sessions/session-rules";
import { raiseAlert } from "../../alerts/raise-alert";
import { getDb, type Tx } from "../../db/client";
import { notifyUser } from "../../notifications/notify-user";
import { publishLiveSessionRow } from "../sessions/live-session";
import { recordSessionReading } from "../sessions/record-session-reading";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingSlots, chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";

export type TMeterAnswer = {
  /** The session the values belong to, when it is known and running. */
  sessionId: number | null;
  runningCostKobo: number;
  /** Set the first time a limit is reached: the caller asks the charger to stop (RemoteStopTransaction), once. */
  stopFor: TLimitReason | null;
};

type TSession = typeof chargingSessions.$inferSelect;

/**
 * Folds readings into a locked running session: a trusted energy reading (never below the start or the last
 * one, never more than the slot's power allows since then) becomes the last reading; an untrusted one is skipped
 * and the admins are alerted once per session. SoC and power are kept as sent. Returns what changed.
 */
export async function applyMeterReadings(tx: Tx, s: TSession, values: TOcppMeterValue[], slotPowerKw?: number) {
  const powerKw =
    slotPowerKw ??
    (await tx.select({ powerKw: chargingSlots.powerKw }).from(chargingSlots).where(eq(chargingSlots.id, s.slotId)))[0]?.powerKw;
  let lastWh = s.lastMeterWh;
  let lastAt = s.lastMeterAt;
  let soc = s.socPercent;
  let power = s.powerW;
  for (const r of readingsFromMeterValues(values)) {
    if (r.energyWh !== null) {
      const check = checkReading(
        { meterStartWh: s.meterStartWh, lastWh, lastAt: lastAt ?? s.startedAt, powerKw: powerKw ?? 22 },
        r.energyWh,
        r.at,
      );
      if (check === "ok") {
        lastWh = r.energyWh;
        lastAt = r.at;
      } else if (!(check === "decrease" && lastAt && r.at.getTime() <= lastAt.getTime())) {
        // An older reading replayed after a newer one is not a fault; anything else is.
        await raiseAlert(tx, {
          type: "zavcharge_meter_anomaly",
          title: `Implausible meter reading on session ${s.id}`,
          message: `Slot ${s.slotNumber}: ${formatEnergy(r.energyWh)} on the register (${check.replace("_", " ")}); the last trusted reading was ${formatEnergy(lastWh ?? s.meterStartWh)}. It is not billed.`,
          severity: "medium",
          dedupeKey: `zavcharge-meter:${s.id}`,
        });
      }
    }
    if (r.socPercent !== null) soc = r.socPercent;
    if (r.powerW !== null) power = r.powerW;
  }
  return { lastWh, lastAt, soc, power };
}

/**
 * MeterValues (docs/product/zavcharge.md#chargers): keeps the session's last energy reading, state of charge and
 * power, works out the running cost at the price fixed at the start and says when the prepaid limit is reached
 * (the cost has used up the balance, or the driver's energy or money limit): the first time only, so the charger
 * is asked to stop once. At 100 % state of charge the driver is told "fully charged", once.
 */
export async function recordMeterValues(chargerId: number, raw: TMeterValues, now = new Date()): Promise<TMeterAnswer> {
  const input = ZMeterValues.parse(raw);
  const none: TMeterAnswer = { sessionId: null, runningCostKobo: 0, stopFor: null };
  if (input.transactionId === undefined) return none;
  return getDb().transaction(async (tx) => {
    // One read for the session (locked), its station, slot and account: this runs for every charging charger
    // every minute, so each round trip counts (docs/performance.md, "Chargers on one server process").
    const [row] = await tx
      .select({
        session: chargingSessions,
        stationName: chargingStations.name,
        slotPowerKw: chargingSlots.powerKw,
        account: { balanceKobo: zavchargeAccounts.balanceKobo, userId: zavchargeAccounts.userId },
      })
      .from(chargingSessions)
      .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
      .innerJoin(chargingSlots, eq(chargingSlots.id, chargingSessions.slotId))
      .innerJoin(zavchargeAccounts, eq(zavchargeAccounts.id, chargingSessions.accountId))
      .where(and(eq(chargingSessions.id, input.transactionId!), eq(chargingSessions.chargerId, chargerId)))
      .for("update", { of: chargingSessions });
    if (!row || row.session.status !== "active") return none;
    const s = row.session;
    const account = row.account;
    const next = await applyMeterReadings(tx, s, input.meterValue, row.slotPowerKw);
    const energyWh = (next.lastWh ?? s.meterStartWh) - s.meterStartWh;
    const limit = prepaidLimitReached({
      energyWh,
      pricePerKwhKobo: s.pricePerKwhKobo,
      balanceKobo: account.balanceKobo,
      energyLimitWh: s.energyLimitWh,
      moneyLimitKobo: s.moneyLimitKobo,
    });
    const stopFor = limit.reason && !s.remoteStopRequestedAt ? limit.reason : null;
    const fullyCharged = next.soc === 100 && !s.fullyChargedNotifiedAt;
    const updated = await recordSessionReading(tx, s.id, {
      lastMeterWh: next.lastWh,
      lastMeterAt: next.lastAt,
      socPercent: next.soc,
      powerW: next.power,
      ...(stopFor ? { limitReason: stopFor, remoteStopRequestedAt: now } : {}),
      ...(fullyCharged ? { fullyChargedNotifiedAt: now } : {}),
    });
    await publishLiveSessionRow(tx, { session: updated, stationName: row.stationName, userId: account.userId });
    if (fullyCharged && account.userId)
      await notifyUser(tx, {
        userId: account.userId,
        type: "charging",
        title: "Fully charged",
        message: `${row.stationName}, slot ${s.slotNumber}: your battery is at 100 %. Unplug to free the slot; the charge stops when you do.`,
        link: "/zavcharge/history",
        metadata: { stationName: row.stationName, slotId: s.slotNumber, batteryLevel: 100 },
      });
    return { sessionId: s.id, runningCostKobo: limit.runningCostKobo, stopFor };
  });
}
