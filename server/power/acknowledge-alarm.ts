import { and, eq, isNull } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { powerAlarms } from "./schema";

/** An admin acknowledges an alarm (docs/product/power-tracking.md#alarms): once, by name and time, in the audit log. */
export async function acknowledgeAlarm(admin: TViewer, installationId: number, alarmId: number): Promise<TResult<{ code: string }>> {
  return getDb().transaction(async (tx) => {
    const [alarm] = await tx
      .update(powerAlarms)
      .set({ acknowledgedAt: new Date(), acknowledgedBy: admin.id })
      .where(and(eq(powerAlarms.id, alarmId), eq(powerAlarms.installationId, installationId), isNull(powerAlarms.acknowledgedAt)))
      .returning({ code: powerAlarms.code, severity: powerAlarms.severity });
    if (!alarm) return refuse("conflict", "This alarm is already acknowledged, or is not this installation's.");
    await recordAudit(tx, {
      actorId: admin.id,
      action: "power.alarm.acknowledge",
      resourceType: "power_alarm",
      resourceId: String(alarmId),
      newData: { installationId, code: alarm.code, severity: alarm.severity },
    });
    return succeed({ code: alarm.code });
  });
}
