import { formatKobo } from "@domain/money/money";
import type { TViewer } from "@domain/access/roles";
import { ZAttendantStart, ZStopSession } from "@domain/zavcharge/sessions/session-input";
import { formatEnergy } from "@domain/zavcharge/sessions/session-rules";
import { parseThen } from "@domain/errors/app-error";
import { clientIp } from "@server/http/client-ip";
import { startAttendedSession } from "@server/zavcharge/sessions/start-attended-session";
import { stopAttendedSession } from "@server/zavcharge/sessions/stop-attended-session";
import { actionResponse, type TActionResponse } from "~/http/action-response.server";
import type { TPageIntents } from "~/http/page-intents.server";

// An attendant starts a driver's session (the driver types their subscription ID and PIN) and stops it with the meter
// reading. Called from the sessions page's action after requireRole("staff").

export type TAttendantSessionsContext = { request: Request; staff: TViewer };

export const ATTENDANT_SESSION_INTENTS: TPageIntents<TAttendantSessionsContext, TActionResponse> = {
  stop: async (fields, { request, staff }) => {
    const result = await parseThen(ZStopSession, fields, ["meterReading"], (input) =>
      stopAttendedSession({ sessionId: input.sessionId, meterStopWh: input.meterReading, stoppedByUserId: staff.id }),
    );
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: "success",
        title: `Stopped: ${formatEnergy(r.energyWh)}, ${formatKobo(r.costKobo)}`,
        description: `${r.accountCode} at ${r.stationName}, slot ${r.slotNumber}. Balance now ${formatKobo(r.balanceKobo)}.${
          r.unpaidKobo > 0 ? ` ${formatKobo(r.unpaidKobo)} could not be paid from the wallet; the admins have been told.` : ""
        }`,
      }),
      failedTitle: "Not stopped",
    });
  },
  start: async (fields, { request, staff }) => {
    const result = await parseThen(ZAttendantStart, fields, ["subscriptionId", "pin", "slot", "meterStart"], (input) =>
      startAttendedSession({
        for: { kind: "attendant", subscriptionId: input.subscriptionId, pin: input.pin, ip: clientIp(request), staffUserId: staff.id },
        stationId: input.stationId,
        slotId: input.slotId,
        meterStartWh: input.meterStart,
      }),
    );
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: "success",
        title: `Charging started for ${r.accountCode}`,
        description: `${r.accountName ? `${r.accountName}, ` : ""}${r.stationName}, slot ${r.slotNumber}, at ${formatKobo(r.pricePerKwhKobo)} per kWh.`,
      }),
      failedTitle: "Not started",
    });
  },
};
