import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZForceClose, type TForceClose } from "@domain/zavcharge/chargers/charger-input";
import { recordAudit } from "../../audit/record-audit";
import { inTransaction } from "../../db/in-transaction";
import { lockChargingSession } from "./lock-charging-session";
import { settleChargingSession, type TStoppedSession } from "./settle-charging-session";
import { refuseUnlessStaff } from "../network/staff-only";

/**
 * Staff close a stale ("zombie") session whose charger never sent its stop (docs/product/zavcharge.md#chargers):
 * it is settled at the last trusted meter reading (the start, when there was none), with the staff member and
 * the reason on the session and in the audit log. A StopTransaction arriving later is answered and changes
 * nothing: the session is settled once.
 */
export async function forceCloseSession(actor: TViewer, raw: TForceClose): Promise<TResult<TStoppedSession>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const parsed = ZForceClose.safeParse(raw);
  if (!parsed.success) return refuse("invalid_input", parsed.error.issues[0]?.message ?? "Check the form", { field: "reason" });
  const input = parsed.data;
  return inTransaction(async (tx) => {
    const row = await lockChargingSession(tx, input.sessionId);
    if (!row) return refuse("not_found", "There is no such charging session");
    const s = row.session;
    if (s.status !== "active") return refuse("conflict", "This session was already stopped");
    const billedWh = Math.max(s.meterStartWh, s.lastMeterWh ?? s.meterStartWh);
    const settled = await settleChargingSession(tx, {
      session: s,
      stationName: row.stationName,
      meterStopWh: billedWh,
      stoppedByUserId: actor.id,
      stopReason: `Closed by staff: ${input.reason}`,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "zavcharge.session.force-close",
      resourceType: "charging_session",
      resourceId: String(s.id),
      oldData: { status: s.status, lastMeterWh: s.lastMeterWh, chargerId: s.chargerId },
      newData: { status: settled.status, meterStopWh: billedWh, costKobo: settled.costKobo, reason: input.reason },
    });
    return succeed(settled);
  });
}
