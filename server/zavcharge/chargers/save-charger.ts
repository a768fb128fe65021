import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZSaveCharger, type TSaveCharger } from "@domain/zavcharge/chargers/charger-input";
import { recordAudit } from "../../audit/record-audit";
import { inTransaction } from "../../db/in-transaction";
import { isUniqueViolation } from "../../db/errors";
import { hashChargerPassword } from "./charger-password";
import { chargers } from "./schema";
import { chargingStations } from "../network/schema";
import { refuseUnlessStaff } from "../network/staff-only";

/**
 * Staff register a charger or change it (docs/product/zavcharge.md#chargers): its charge point id, station,
 * commissioning, protocol (OCPP or MQTT) and heartbeat interval, and its password (16 to 40 characters, required for a new charger, kept
 * only as a hash, never in the audit log). The change is audited.
 */
export async function saveCharger(actor: TViewer, raw: TSaveCharger): Promise<TResult<{ chargerId: number }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const parsed = ZSaveCharger.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse("invalid_input", issue?.message ?? "Check the form", { field: String(issue?.path[0] ?? "") });
  }
  const input = parsed.data;
  if (!input.id && !input.password) return refuse("invalid_input", "A new charger needs a password", { field: "password" });
  const passwordHash = input.password ? await hashChargerPassword(input.password) : undefined;
  try {
    return await inTransaction(async (tx) => {
      const [station] = await tx.select({ id: chargingStations.id }).from(chargingStations).where(eq(chargingStations.id, input.stationId));
      if (!station) return refuse("not_found", "This station no longer exists", { field: "stationId" });
      const values = {
        chargePointId: input.chargePointId,
        stationId: input.stationId,
        commissioned: input.commissioned,
        heartbeatIntervalSeconds: input.heartbeatIntervalSeconds,
        ...(input.protocol ? { protocol: input.protocol } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      };
      let chargerId: number;
      let oldData: unknown = null;
      if (input.id) {
        const [old] = await tx.select().from(chargers).where(eq(chargers.id, input.id)).for("update");
        if (!old) return refuse("not_found", "This charger no longer exists");
        oldData = {
          chargePointId: old.chargePointId,
          stationId: old.stationId,
          commissioned: old.commissioned,
          protocol: old.protocol,
          heartbeatIntervalSeconds: old.heartbeatIntervalSeconds,
        };
        await tx
          .update(chargers)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(chargers.id, input.id));
        chargerId = input.id;
      } else {
        const [created] = await tx
          .insert(chargers)
          .values({ ...values, protocol: input.protocol ?? "ocpp" })
          .returning({ id: chargers.id });
        chargerId = created!.id;
      }
      await recordAudit(tx, {
        actorId: actor.id,
        action: input.id ? "zavcharge.charger.update" : "zavcharge.charger.create",
        resourceType: "charger",
        resourceId: String(chargerId),
        oldData,
        newData: {
          chargePointId: values.chargePointId,
          stationId: values.stationId,
          commissioned: values.commissioned,
          ...(input.protocol ? { protocol: input.protocol } : {}),
          heartbeatIntervalSeconds: values.heartbeatIntervalSeconds,
          passwordChanged: !!passwordHash,
        },
      });
      return succeed({ chargerId });
    });
  } catch (e) {
    if (isUniqueViolation(e)) return refuse("conflict", "Another charger already has this charge point id", { field: "chargePointId" });
    throw e;
  }
}
