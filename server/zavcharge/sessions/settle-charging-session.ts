import { and, eq } from "drizzle-orm";
import { certain } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { sessionCostKobo } from "@domain/zavcharge/pricing";
import { formatDuration, formatEnergy } from "@domain/zavcharge/sessions/session-rules";
import { LOW_BALANCE_KOBO } from "@domain/zavcharge/wallet/wallet-rules";
import { raiseAlert } from "../../alerts/raise-alert";
import type { Tx } from "../../db/client";
import { notifyUser } from "../../notifications/notify-user";
import { postWalletEntry } from "../wallet/post-wallet-entry";
import { publishLiveSession } from "./live-session";
import { publishStationAvailability } from "../network/publish-station-availability";
import { markLowBalanceNotified } from "../accounts/mark-low-balance-notified";
import { zavchargeAccounts } from "../accounts/schema";
import { setSlotStatus } from "../network/set-slot-status";
import { chargingSessions } from "./schema";

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

export type TSettleInput = {
  /** The session row, locked FOR UPDATE by the caller and still active. */
  session: typeof chargingSessions.$inferSelect;
  stationName: string;
  /** The reading billed, in Wh: at least the start (the caller has validated it). */
  meterStopWh: number;
  stoppedByUserId: string | null;
  stopReason: string;
  /** When it stopped: now, or the charger's own time for a StopTransaction. */
  stoppedAt?: Date;
  /** The charger's own meterStop when it was not the one billed. */
  reportedMeterStopWh?: number | null;
};

/**
 * The one settlement of a charging session, whoever stops it: an attendant, the driver, a charger's
 * StopTransaction or staff force-closing a stale one (docs/product/zavcharge.md#charging-sessions). Energy =
 * billed reading - start in Wh, cost at the price fixed at the start rounded down to the kobo, debited once
 * through the ledger (reference `session:<id>`) in the caller's transaction. A cost the balance cannot cover
 * empties the wallet, the rest stays on the session as unpaid and the admins are alerted. The slot is freed,
 * pages hear of it and the owner is told (cost and new balance; low balance below ₦1,000).
 */
export async function settleChargingSession(tx: Tx, input: TSettleInput): Promise<TStoppedSession> {
  const s = input.session;
  if (input.meterStopWh < s.meterStartWh) throw new Error("settleChargingSession: the billed reading is below the start");
  const [account] = await tx.select().from(zavchargeAccounts).where(eq(zavchargeAccounts.id, s.accountId)).for("update");
  const now = new Date();
  const stoppedAt = input.stoppedAt ?? now;
  const energyWh = input.meterStopWh - s.meterStartWh;
  const costKobo = sessionCostKobo(energyWh, s.pricePerKwhKobo);
  const paidKobo = Math.min(costKobo, account!.balanceKobo);
  const unpaidKobo = costKobo - paidKobo;
  const status = energyWh === 0 ? "cancelled" : "completed";

  const [stopped] = await tx
    .update(chargingSessions)
    .set({
      status,
      stoppedAt,
      meterStopWh: input.meterStopWh,
      energyWh,
      costKobo,
      unpaidKobo,
      stoppedByUserId: input.stoppedByUserId,
      stopReason: input.stopReason,
      reportedMeterStopWh: input.reportedMeterStopWh ?? null,
    })
    .where(and(eq(chargingSessions.id, s.id), eq(chargingSessions.status, "active")))
    .returning({ id: chargingSessions.id });
  if (!stopped) throw new Error("settleChargingSession: the session was stopped already, though the caller locked it active");

  let balanceKobo = account!.balanceKobo;
  if (paidKobo > 0) {
    // Never more than the balance read under the account's lock.
    const { entry } = certain(
      await postWalletEntry(tx, {
        accountId: s.accountId,
        kind: "charging",
        amountKobo: -paidKobo,
        reference: `session:${s.id}`,
        description: `Charging at ${input.stationName}, slot ${s.slotNumber}`,
        sessionId: s.id,
      }),
      `Debiting session ${s.id}`,
    );
    balanceKobo = entry.balanceAfterKobo;
  }
  if (unpaidKobo > 0)
    await raiseAlert(tx, {
      type: "zavcharge_unpaid_session",
      title: `Unpaid charging: ${formatKobo(unpaidKobo)} on ${account!.code}`,
      message: `Session ${s.id} at ${input.stationName}, slot ${s.slotNumber}, cost ${formatKobo(costKobo)}; the wallet covered ${formatKobo(paidKobo)}. ${formatKobo(unpaidKobo)} is unpaid.`,
      severity: "high",
      dedupeKey: `zavcharge-unpaid:${s.id}`,
    });

  // The slot is free again, unless someone (staff, or the charger's own status) has marked it otherwise.
  await setSlotStatus(tx, s.slotId, "available", now, "charging");
  await publishStationAvailability(tx, s.stationId);
  await publishLiveSession(tx, s.id);

  const durationMs = Math.max(0, stoppedAt.getTime() - s.startedAt.getTime());
  if (account!.userId) {
    const forLowBalance = s.limitReason === "balance";
    await notifyUser(tx, {
      userId: account!.userId,
      type: "charging",
      title: forLowBalance ? "Charging stopped: balance used up" : "Charging stopped",
      message: `${input.stationName}, slot ${s.slotNumber}: ${formatEnergy(energyWh)} in ${formatDuration(durationMs)}, ${formatKobo(costKobo)}. Balance: ${formatKobo(balanceKobo)}.${unpaidKobo > 0 ? ` ${formatKobo(unpaidKobo)} is still to pay.` : ""}${forLowBalance ? " The charger was stopped because the balance ran out." : ""}`,
      priority: forLowBalance ? "high" : undefined,
      link: "/zavcharge/history",
      metadata: {
        stationName: input.stationName,
        slotId: s.slotNumber,
        rate: s.pricePerKwhKobo,
        duration: durationMs,
        cost: costKobo,
        newBalance: balanceKobo,
        ...(forLowBalance ? { stoppedFor: "low_balance" } : {}),
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
      await markLowBalanceNotified(tx, s.accountId, now);
    }
  }
  return {
    sessionId: s.id,
    accountCode: account!.code,
    stationName: input.stationName,
    slotNumber: s.slotNumber,
    energyWh,
    durationMs,
    costKobo,
    paidKobo,
    unpaidKobo,
    balanceKobo,
    status,
  };
}
