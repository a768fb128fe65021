import { and, eq, ne } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TSlotFields } from "@domain/zavcharge/network/station-input";
import { recordAudit } from "../../audit/record-audit";
import { publishStationAvailability } from "./publish-station-availability";
import { chargingSlots, chargingStations } from "./schema";
import { changeNetwork } from "./staff-only";

/**
 * Staff add a slot to a station or change one (number, connector, power, available or out of order;
 * docs/product/zavcharge.md#stations-and-slots). A slot with a session running keeps its status: sessions set
 * "charging" and free it. Open network pages hear the new availability after commit.
 */
export async function saveSlot(
  actor: TViewer,
  stationId: number,
  input: TSlotFields,
  now = new Date(),
): Promise<TResult<{ slotId: number; message: string }>> {
  return changeNetwork(actor, async (tx) => {
    const [station] = await tx
      .select({ id: chargingStations.id })
      .from(chargingStations)
      .where(eq(chargingStations.id, stationId))
      .for("update");
    if (!station) return refuse("not_found", "This station no longer exists.");
    const [clash] = await tx
      .select({ id: chargingSlots.id })
      .from(chargingSlots)
      .where(
        and(
          eq(chargingSlots.stationId, stationId),
          eq(chargingSlots.number, input.number),
          input.slotId === null ? undefined : ne(chargingSlots.id, input.slotId),
        ),
      );
    if (clash) return refuse("conflict", `This station already has a slot ${input.number}`, { field: "number" });
    const values = { number: input.number, connector: input.connector, powerKw: input.powerKw };
    let slotId: number;
    if (input.slotId === null) {
      const [row] = await tx
        .insert(chargingSlots)
        .values({ ...values, stationId, status: input.status })
        .returning({ id: chargingSlots.id });
      slotId = row!.id;
      await recordAudit(tx, {
        actorId: actor.id,
        action: "zavcharge.slot.create",
        resourceType: "charging_slot",
        resourceId: String(slotId),
        newData: { stationId, ...values, status: input.status },
      });
    } else {
      const [old] = await tx
        .select()
        .from(chargingSlots)
        .where(and(eq(chargingSlots.id, input.slotId), eq(chargingSlots.stationId, stationId)));
      if (!old) return refuse("not_found", "This slot no longer exists.");
      if (old.status === "charging" && input.status !== "available")
        return refuse("conflict", `Slot ${old.number} is charging now: stop its session before taking it out of order`, {
          field: "status",
        });
      const status = old.status === "charging" ? "charging" : input.status;
      await tx
        .update(chargingSlots)
        .set({ ...values, status, updatedAt: now })
        .where(eq(chargingSlots.id, old.id));
      slotId = old.id;
      await recordAudit(tx, {
        actorId: actor.id,
        action: "zavcharge.slot.update",
        resourceType: "charging_slot",
        resourceId: String(slotId),
        oldData: { number: old.number, connector: old.connector, powerKw: old.powerKw, status: old.status },
        newData: { ...values, status },
      });
    }
    await publishStationAvailability(tx, stationId);
    return succeed({ slotId, message: `Slot ${input.number} was saved` });
  });
}
