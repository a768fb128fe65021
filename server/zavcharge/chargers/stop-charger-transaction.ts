import { eq } from "drizzle-orm";
import { validatedStopWh } from "@domain/zavcharge/chargers/charger";
import { ZStopTransaction, type TStopTransaction } from "@domain/zavcharge/chargers/charger-input";
import { formatEnergy } from "@domain/zavcharge/sessions/session-rules";
import { raiseAlert } from "../../alerts/raise-alert";
import { getDb } from "../../db/client";
import { log } from "../../log";
import { idTagVerdict, type TIdTagInfo } from "./authorize-id-tag";
import { applyMeterReadings } from "./record-meter-values";
import { chargers } from "./schema";
import { chargingSlots, chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";
import { settleChargingSession, type TStoppedSession } from "../sessions/settle-charging-session";

export type TStopAnswer = { idTagInfo?: TIdTagInfo; settled: TStoppedSession | null };

const STOP_REASONS: Record<string, string> = {
  EVDisconnected: "the car was unplugged",
  Local: "stopped at the charger",
  Remote: "stopped remotely",
  EmergencyStop: "emergency stop",
  PowerLoss: "power loss",
  HardReset: "charger reset",
  SoftReset: "charger reset",
  Reboot: "charger reboot",
  UnlockCommand: "connector unlocked",
  DeAuthorized: "card refused",
  Other: "other",
};

/**
 * StopTransaction (docs/product/zavcharge.md#chargers). Always answered, so the charger's queue never blocks:
 * - an unknown transactionId (or another charger's) is logged and alerted; the tag, if any, gets its verdict;
 * - a stop already settled (a replay after a reconnect, or staff force-closed it) is Accepted and changes nothing;
 * - otherwise the energy is validated first: a meterStop below the start, below the last reading, or more than
 *   the slot's power could deliver since then is not billed as sent: the last trusted reading from the meter
 *   values is, and the admins are alerted. Then the one settlement runs (settleChargingSession).
 */
export async function stopChargerTransaction(chargerId: number, raw: TStopTransaction): Promise<TStopAnswer> {
  const stop = ZStopTransaction.parse(raw);
  const tagInfo = async (): Promise<TIdTagInfo | undefined> => {
    if (!stop.idTag) return undefined;
    const v = await idTagVerdict(getDb(), stop.idTag);
    return { status: v.status === "Invalid" ? "Invalid" : "Accepted" };
  };
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ session: chargingSessions, stationName: chargingStations.name, powerKw: chargingSlots.powerKw })
      .from(chargingSessions)
      .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
      .innerJoin(chargingSlots, eq(chargingSlots.id, chargingSessions.slotId))
      .where(eq(chargingSessions.id, stop.transactionId))
      .for("update", { of: chargingSessions });
    if (!row || row.session.chargerId !== chargerId) {
      const [charger] = await tx.select({ cp: chargers.chargePointId }).from(chargers).where(eq(chargers.id, chargerId));
      await raiseAlert(tx, {
        type: "zavcharge_unknown_stop",
        title: `${charger?.cp ?? chargerId}: stop for an unknown transaction ${stop.transactionId}`,
        message: `The charger reported a stop at ${formatEnergy(Math.max(0, stop.meterStop))} on the register for transaction ${stop.transactionId}, which it never started here. Nothing was billed.`,
        severity: "low",
        dedupeKey: `zavcharge-unknown-stop:${chargerId}:${stop.transactionId}`,
      });
      return { kind: "unknown" as const };
    }
    const s = row.session;
    if (s.status !== "active") return { kind: "replay" as const };

    let session = s;
    if (stop.transactionData?.length) {
      const next = await applyMeterReadings(tx, s, stop.transactionData);
      session = { ...s, lastMeterWh: next.lastWh, lastMeterAt: next.lastAt, socPercent: next.soc, powerW: next.power };
    }
    const { billedWh, anomaly } = validatedStopWh({ ...session, powerKw: row.powerKw }, stop.meterStop, stop.timestamp);
    if (anomaly)
      await raiseAlert(tx, {
        type: "zavcharge_meter_anomaly",
        title: `Session ${s.id}: the charger's stop reading was not billed`,
        message: `Slot ${s.slotNumber} at ${row.stationName} reported meterStop ${stop.meterStop} Wh (${anomaly.replace("_", " ")}; start ${s.meterStartWh} Wh, last trusted ${session.lastMeterWh ?? "none"}). Billed ${formatEnergy(billedWh - s.meterStartWh)} from the meter values instead.`,
        severity: "high",
        dedupeKey: `zavcharge-stop-anomaly:${s.id}`,
      });
    const why = STOP_REASONS[stop.reason ?? "Local"] ?? stop.reason ?? "stopped at the charger";
    const settled = await settleChargingSession(tx, {
      session,
      stationName: row.stationName,
      meterStopWh: billedWh,
      stoppedByUserId: null,
      stopReason: session.limitReason === "balance" ? "Stopped: the balance was used up" : `Charger: ${why}`,
      stoppedAt: stop.timestamp,
      reportedMeterStopWh: anomaly ? stop.meterStop : null,
    });
    return { kind: "settled" as const, settled };
  });
  if (result.kind === "unknown") {
    log.warn({ chargerId, transactionId: stop.transactionId }, "StopTransaction for an unknown transaction");
    return { idTagInfo: await tagInfo(), settled: null };
  }
  if (result.kind === "replay") return { idTagInfo: { status: "Accepted" }, settled: null };
  return { idTagInfo: { status: "Accepted" }, settled: result.settled };
}
