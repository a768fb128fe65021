import { and, eq } from "drizzle-orm";
import { ZStartTransaction, type TStartTransaction } from "@domain/zavcharge/chargers/charger-input";
import { startDecision } from "@domain/zavcharge/sessions/start-decision";
import { raiseAlert } from "../../alerts/raise-alert";
import { getDb, type Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { type TIdTagInfo } from "./authorize-id-tag";
import { accountForStart } from "../sessions/account-for-start";
import { openChargingSession } from "../sessions/open-charging-session";
import { takeRemoteStartLimits } from "../sessions/remote-start-limits";
import { chargers } from "./schema";
import { chargingSlots, chargingStations } from "../network/schema";
import { chargingSessions } from "../sessions/schema";

export type TStartAnswer = { transactionId: number; idTagInfo: TIdTagInfo };

/** The session a StartTransaction already opened: same charger, connector, tag, time and start reading. */
async function sameStart(tx: Tx, chargerId: number, s: { connectorId: number; idTag: string; timestamp: Date; meterStart: number }) {
  const [found] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargerId, chargerId),
        eq(chargingSessions.slotNumber, s.connectorId),
        eq(chargingSessions.idTag, s.idTag),
        eq(chargingSessions.startedAt, s.timestamp),
        eq(chargingSessions.meterStartWh, s.meterStart),
      ),
    );
  return found ?? null;
}

/**
 * StartTransaction (docs/product/zavcharge.md#chargers): opens a charging session with source "charger" at the
 * slot numbered like the connector, the price per kWh fixed now, and answers with the session's id as the
 * OCPP transactionId plus the tag's verdict. A replay of the same start (a charger resending after a reconnect)
 * gets the same transactionId and never a second session. Whether it opens is the one start decision
 * (domain/zavcharge/sessions/start-decision.ts), which also opens a start queued offline for an account that is only
 * blocked now, so the energy is billed. Refused starts (and an unknown connector) answer transactionId 0 with a
 * non-Accepted status, so the charger ends the charge.
 */
export async function startChargerTransaction(chargerId: number, raw: TStartTransaction, now = new Date()): Promise<TStartAnswer> {
  const start = ZStartTransaction.parse(raw);
  const run = () =>
    getDb().transaction(async (tx): Promise<TStartAnswer> => {
      const replay = await sameStart(tx, chargerId, start);
      if (replay) return { transactionId: replay.id, idTagInfo: { status: "Accepted" } };

      const [charger] = await tx.select().from(chargers).where(eq(chargers.id, chargerId));
      // A charger staff have not commissioned may connect and boot (Pending) but never charge anyone.
      if (!charger || !charger.commissioned) return { transactionId: 0, idTagInfo: { status: "Invalid" } };
      // The account row is locked first, so no other start for it slips in before this session is written.
      const account = await accountForStart(tx, { tag: start.idTag }, { now, lock: true });
      const [slot] = await tx
        .select({ slot: chargingSlots, station: chargingStations })
        .from(chargingSlots)
        .innerJoin(chargingStations, eq(chargingStations.id, chargingSlots.stationId))
        .where(and(eq(chargingSlots.stationId, charger.stationId), eq(chargingSlots.number, start.connectorId)))
        .for("update", { of: chargingSlots });
      if (!slot) return { transactionId: 0, idTagInfo: { status: "Invalid" } };
      const [holder] = await tx
        .select({ id: chargingSessions.id })
        .from(chargingSessions)
        .where(and(eq(chargingSessions.slotId, slot.slot.id), eq(chargingSessions.status, "active")));
      if (holder)
        // A new transaction where one is still open: the charger lost the old one's stop. Staff hear of it.
        await raiseAlert(tx, {
          type: "zavcharge_stale_session",
          title: `${slot.station.name}, slot ${slot.slot.number}: a session is still open`,
          message: `${charger.chargePointId} started a new transaction on connector ${start.connectorId}, but session ${holder.id} is still open there. Force-close it if the charger lost its stop.`,
          severity: "medium",
          dedupeKey: `zavcharge-stale:${holder.id}`,
        });
      const decision = startDecision(
        {
          account: account?.facts ?? null,
          place: { station: slot.station, slot: slot.slot, held: holder !== undefined },
          by: "charger",
          stampedAt: start.timestamp,
        },
        now,
      );
      if (!decision.opens || !account) return { transactionId: 0, idTagInfo: { status: decision.status } };

      const limits = await takeRemoteStartLimits(tx, chargerId, start.connectorId, start.idTag, now);
      const transactionId = await openChargingSession(tx, {
        account,
        station: slot.station,
        slot: slot.slot,
        startedAt: start.timestamp,
        meterStartWh: start.meterStart,
        now,
        charger: { chargerId, idTag: start.idTag, ...limits },
      });
      return { transactionId, idTagInfo: { status: decision.status } };
    });
  try {
    return await run();
  } catch (e) {
    // Two copies of one start raced: the first committed; the second finds its session.
    if (isUniqueViolation(e)) return run();
    throw e;
  }
}
