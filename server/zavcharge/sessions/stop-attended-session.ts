import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { whToKwhText } from "@domain/zavcharge/sessions/session-rules";
import { inTransaction } from "../../db/in-transaction";
import { lockChargingSession } from "./lock-charging-session";
import { settleChargingSession, type TStoppedSession } from "./settle-charging-session";

export type { TStoppedSession };

export type TStopAttendedSession = {
  sessionId: number;
  /** The meter reading at the stop, in Wh. */
  meterStopWh: number;
  /** The attendant who stops it; null when the driver or the charger does. */
  stoppedByUserId: string | null;
  /** When a driver stops it: their account, so nobody else's session can be stopped. */
  accountId?: number;
  stopReason?: string;
};

/**
 * Stops a running session with the meter reading (docs/product/zavcharge.md#charging-sessions): energy = stop -
 * start in Wh (a reading below the start is refused, nothing changed), cost at the price fixed at the start,
 * rounded down to the kobo, settled once by settleChargingSession in this transaction. The session row is locked first, so a second stop waits and then finds it stopped: it is refused
 * and changes nothing.
 */
export async function stopAttendedSession(input: TStopAttendedSession): Promise<TResult<TStoppedSession>> {
  return inTransaction(async (tx) => {
    const row = await lockChargingSession(tx, input.sessionId);
    if (!row || (input.accountId !== undefined && row.session.accountId !== input.accountId))
      return refuse("not_found", "There is no such charging session");
    const s = row.session;
    if (s.status !== "active") return refuse("conflict", `This session was already stopped (slot ${s.slotNumber}, ${row.stationName})`);
    if (input.meterStopWh < s.meterStartWh)
      return refuse(
        "invalid_input",
        `The reading (${whToKwhText(input.meterStopWh)} kWh) is below the reading at the start (${whToKwhText(s.meterStartWh)} kWh)`,
        { field: "meterReading" },
      );

    return succeed(
      await settleChargingSession(tx, {
        session: s,
        stationName: row.stationName,
        meterStopWh: input.meterStopWh,
        stoppedByUserId: input.stoppedByUserId,
        stopReason: input.stopReason ?? (input.stoppedByUserId ? "Stopped by the attendant" : "Stopped by the driver"),
      }),
    );
  });
}
