import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { publishEvent } from "../realtime/publish";
import type { TDeviceCaller } from "./authenticate-device";
import { apiDeviceCredentials, apiDevices } from "./schema";

/** The live event a device's owner gets when it reports (docs/product/api-gateway.md#arduino-devices: `device_status`). */
export const DEVICE_STATUS_EVENT = "device_status";

/**
 * A paired device reports its status, over HTTP or on its MQTT status topic (docs/product/api-gateway.md#arduino-devices):
 * the last one is kept and its owner's open pages and apps hear it at once.
 */
export async function recordDeviceStatus(device: TDeviceCaller, status: Record<string, unknown>, now = new Date()) {
  await getDb().transaction(async (tx) => {
    await tx
      .update(apiDeviceCredentials)
      .set({ lastStatus: status, lastStatusAt: now })
      .where(eq(apiDeviceCredentials.deviceId, device.deviceId));
    await tx.update(apiDevices).set({ lastSeenAt: now }).where(eq(apiDevices.id, device.deviceId));
    await publishEvent(tx, {
      userId: device.ownerId,
      type: DEVICE_STATUS_EVENT,
      payload: { deviceId: device.deviceId, name: device.name, status, reportedAt: now.toISOString() },
    });
  });
  return { reportedAt: now };
}
