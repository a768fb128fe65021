import { eq } from "drizzle-orm";
import { slotStatusForConnector } from "@domain/zavcharge/chargers/charger";
import { ZStatusNotification, type TStatusNotification } from "@domain/zavcharge/chargers/charger-input";
import { getDb } from "../../db/client";
import { publishStationAvailability } from "../network/publish-station-availability";
import { chargers } from "./schema";
import { setSlotStatusByNumber } from "../network/set-slot-status";

/**
 * StatusNotification (docs/product/zavcharge.md#chargers): connector N is slot N of the charger's station; its
 * OCPP status becomes the slot's status (free, in use, out of order) and open network pages hear of a change.
 * Connector 0 (the whole charger) and unknown connectors are kept in the message log only.
 */
export async function recordConnectorStatus(chargerId: number, raw: TStatusNotification, now = new Date()): Promise<void> {
  const status = ZStatusNotification.parse(raw);
  if (status.connectorId === 0) return;
  const next = slotStatusForConnector(status.status);
  await getDb().transaction(async (tx) => {
    const [charger] = await tx.select({ stationId: chargers.stationId }).from(chargers).where(eq(chargers.id, chargerId));
    if (!charger) return;
    if (await setSlotStatusByNumber(tx, charger.stationId, status.connectorId, next, now))
      await publishStationAvailability(tx, charger.stationId);
  });
}
