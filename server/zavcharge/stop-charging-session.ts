import { and, eq } from "drizzle-orm";
import { AppError, settle, succeed, type TResult } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { formatDuration, formatEnergy, LOW_BALANCE_KOBO, sessionCostKobo, whToKwhText } from "@domain/zavcharge/zavcharge";
import { raiseAlert } from "../alerts/raise-alert";
import { getDb } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { postWalletEntry } from "./post-wallet-entry";
import { publishStationAvailability } from "./publish-station-availability";
import { chargingSessions, chargingSlots, chargingStations, zavchargeAccounts } from "./schema";

export type TStopChargingSession = {
  sessionId: number;
  /** The meter reading at the stop, in Wh. */
  meterStopWh: number;
  /** The attendant who stops it; null when the driver or the charger does. */
  stoppedByUserId: string | null;
  /** When a driver stops it: their account, so nobody else's session can be stopped. */
  accountId?: number;
  stopReason?: string;
};

export type TStoppedSession = {
  sessionId: number;
  accountCode: string;
  stationName: string;
  slotNumber: number;
  energyWh: number;
  durationMs: number;
  costKobo: number;
  paidKobo: number;
  unpaidKobo: number;
  balanceKobo: number;
  status: "completed" | "cancelled";
};

/**
 * Stops a running session with the meter reading (docs/product/zavcharge.md#charging-sessions): energy = stop -
 * start in Wh (a reading below the start is refused, nothing changed), cost at the price fixed at the start,
 * rounded down to the kobo, debited once through the ledger (reference `session:<id>`) in this transaction. A
 * cost the balance cannot cover empties the wallet, the rest stays on the session as unpaid and the admins are
 * alerted. The session row is locked first, so a second stop waits and then finds it stopped: it is refused
 * and changes nothing.
 */
export async function stopChargingSession(input: TStopChargingSession): Promise<TResult<TStoppedSession>> {
  return settle(() =>
    getDb().transaction(async (tx) => {
      const [row] = await tx
        .select({ session: chargingSessions, stationName: chargingStations.name })
        .from(chargingSessions)
        .innerJoin(chargingStations, eq(chargingStations.id, chargingSessions.stationId))
        .where(eq(chargingSessions.id, input.sessionId))
        .for("update", { of: chargingSessions });
      if (!row || (input.accountId !== undefined && row.session.accountId !== input.accountId))
        throw new AppError("not_found", "There is no such charging session");
      const s = row.session;
      if (s.status !== "active")
        throw new AppError("conflict", `This session was already stopped (slot ${s.slotNumber}, ${row.stationName})`);
      if (input.meterStopWh < s.meterStartWh)
        throw new AppError(
          "invalid_input",
          `The reading (${whToKwhText(input.meterStopWh)} kWh) is below the reading at the start (${whToKwhText(s.meterStartWh)} kWh)`,
          { field: "meterReading" },
        );

      const [account] = await tx.select().from(zavchargeAccounts).where(eq(zavchargeAccounts.id, s.accountId)).for("update");
      const now = new Date();
      const energyWh = input.meterStopWh - s.meterStartWh;
      const costKobo = sessionCostKobo(energyWh, s.pricePerKwhKobo);
      const paidKobo = Math.min(costKobo, account!.balanceKobo);
      const unpaidKobo = costKobo - paidKobo;
      const status = energyWh === 0 ? "cancelled" : "completed";

      const [stopped] = await tx
        .update(chargingSessions)
        .set({
          status,
          stoppedAt: now,
          meterStopWh: input.meterStopWh,
          energyWh,
          costKobo,
          unpaidKobo,
          stoppedByUserId: input.stoppedByUserId,
          stopReason: input.stopReason ?? (input.stoppedByUserId ? "Stopped by the attendant" : "Stopped by the driver"),
        })
        .where(and(eq(chargingSessions.id, s.id), eq(chargingSessions.status, "active")))
        .returning({ id: chargingSessions.id });
      if (!stopped) throw new AppError("conflict", "This session was already stopped");

      let balanceKobo = account!.balanceKobo;
      if (paidKobo > 0) {
        const { entry } = await postWalletEntry(tx, {
          accountId: s.accountId,
          kind: "charging",
          amountKobo: -paidKobo,
          reference: `session:${s.id}`,
          description: `Charging at ${row.stationName}, slot ${s.slotNumber}`,
          sessionId: s.id,
        });
        balanceKobo = entry.balanceAfterKobo;
      }
      if (unpaidKobo > 0)
        await raiseAlert(tx, {
          type: "zavcharge_unpaid_session",
          title: `Unpaid charging: ${formatKobo(unpaidKobo)} on ${account!.code}`,
          message: `Session ${s.id} at ${row.stationName}, slot ${s.slotNumber}, cost ${formatKobo(costKobo)}; the wallet covered ${formatKobo(paidKobo)}. ${formatKobo(unpaidKobo)} is unpaid.`,
          severity: "high",
          dedupeKey: `zavcharge-unpaid:${s.id}`,
        });

      // The slot is free again, unless someone has marked it out of order meanwhile.
      await tx
        .update(chargingSlots)
        .set({ status: "available", updatedAt: now })
        .where(and(eq(chargingSlots.id, s.slotId), eq(chargingSlots.status, "charging")));
      await publishStationAvailability(tx, s.stationId);

      const durationMs = now.getTime() - s.startedAt.getTime();
      if (account!.userId) {
        await notifyUser(tx, {
          userId: account!.userId,
          type: "charging",
          title: "Charging stopped",
          message: `${row.stationName}, slot ${s.slotNumber}: ${formatEnergy(energyWh)} in ${formatDuration(durationMs)}, ${formatKobo(costKobo)}. Balance: ${formatKobo(balanceKobo)}.${unpaidKobo > 0 ? ` ${formatKobo(unpaidKobo)} is still to pay.` : ""}`,
          link: "/zavcharge/history",
          metadata: {
            stationName: row.stationName,
            slotId: s.slotNumber,
            rate: s.pricePerKwhKobo,
            duration: durationMs,
            cost: costKobo,
            newBalance: balanceKobo,
          },
        });
        if (balanceKobo < LOW_BALANCE_KOBO) {
          await notifyUser(tx, {
            userId: account!.userId,
            type: "charging",
            title: "Low ZavCharge balance",
            message: `Your balance is ${formatKobo(balanceKobo)}. Top up to keep charging.`,
            priority: "high",
            link: "/zavcharge",
            metadata: { balance: balanceKobo },
          });
          await tx.update(zavchargeAccounts).set({ lowBalanceNotifiedAt: now }).where(eq(zavchargeAccounts.id, s.accountId));
        }
      }
      return succeed({
        sessionId: s.id,
        accountCode: account!.code,
        stationName: row.stationName,
        slotNumber: s.slotNumber,
        energyWh,
        durationMs,
        costKobo,
        paidKobo,
        unpaidKobo,
        balanceKobo,
        status,
      });
    }),
  );
}
