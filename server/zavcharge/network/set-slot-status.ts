import { and, eq, ne, type SQL } from "drizzle-orm";
import type { TSlotStatus } from "@domain/zavcharge/network/network-rules";
import type { Tx } from "../../db/client";
import { chargingSlots } from "./schema";

/**
 * A slot's status as sessions and chargers move it (docs/product/zavcharge.md#stations-and-slots), inside the caller's
 * transaction: charging while a session runs, available after it (only if still charging: staff or the charger's own
 * status may have marked it otherwise), or what the charger's connector reports. Says whether a slot changed.
 */
async function setSlotStatusWhere(tx: Tx, where: SQL | undefined, status: TSlotStatus, now: Date): Promise<boolean> {
  const changed = await tx.update(chargingSlots).set({ status, updatedAt: now }).where(where).returning({ id: chargingSlots.id });
  return changed.length > 0;
}

/** The slot a session runs on: `onlyFrom` leaves it alone unless it is in that status now. */
export function setSlotStatus(tx: Tx, slotId: number, status: TSlotStatus, now: Date, onlyFrom?: TSlotStatus): Promise<boolean> {
  return setSlotStatusWhere(
    tx,
    onlyFrom ? and(eq(chargingSlots.id, slotId), eq(chargingSlots.status, onlyFrom)) : eq(chargingSlots.id, slotId),
    status,
    now,
  );
}

/** Slot `number` of a station, as its charger's connector of that number reports it; unchanged when already so. */
export function setSlotStatusByNumber(tx: Tx, stationId: number, number: number, status: TSlotStatus, now: Date): Promise<boolean> {
  return setSlotStatusWhere(
    tx,
    and(eq(chargingSlots.stationId, stationId), eq(chargingSlots.number, number), ne(chargingSlots.status, status)),
    status,
    now,
  );
}
