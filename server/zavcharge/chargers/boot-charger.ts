import { eq } from "drizzle-orm";
import { ZBootNotification, type TBootNotification } from "@domain/zavcharge/chargers/charger-input";
import { getDb } from "../../db/client";
import { chargers } from "./schema";

export type TBootAnswer = { status: "Accepted" | "Pending" | "Rejected"; currentTime: string; interval: number };

/**
 * BootNotification (docs/product/zavcharge.md#chargers): the charger's vendor, model, serial and firmware are
 * kept; a commissioned charger is Accepted, one staff have not commissioned yet is Pending (it may retry after
 * the interval), never a crash. The interval is the charger's heartbeat interval.
 */
export async function bootCharger(chargerId: number, raw: TBootNotification, now = new Date()): Promise<TBootAnswer> {
  const boot = ZBootNotification.parse(raw);
  const [charger] = await getDb()
    .update(chargers)
    .set({
      vendor: boot.chargePointVendor,
      model: boot.chargePointModel,
      serialNumber: boot.chargePointSerialNumber ?? boot.chargeBoxSerialNumber ?? null,
      firmwareVersion: boot.firmwareVersion ?? null,
      connected: true,
      lastSeenAt: now,
      lastBootAt: now,
      updatedAt: now,
    })
    .where(eq(chargers.id, chargerId))
    .returning({ commissioned: chargers.commissioned, interval: chargers.heartbeatIntervalSeconds });
  if (!charger) return { status: "Rejected", currentTime: now.toISOString(), interval: 300 };
  return { status: charger.commissioned ? "Accepted" : "Pending", currentTime: now.toISOString(), interval: charger.interval };
}
