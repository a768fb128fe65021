import { and, eq, isNull, lt } from "drizzle-orm";
import { getDb } from "../db/client";
import { LAST_SEEN_STEP_MS } from "./authenticate-api-token";
import { deviceCredentialHash, isDeviceCredentialText } from "./device-credentials";
import { apiDeviceCredentials, apiDevices } from "./schema";

/** A paired device as its credential proves it (docs/product/api-gateway.md#arduino-devices). */
export type TDeviceCaller = { deviceId: string; ownerId: string; clientId: string; name: string };

/**
 * The device a credential stands for, or null when it is not one, was replaced, or the device was signed out. One
 * statement, and a keyed fast hash: a fleet reconnecting at once costs no slow hashing.
 */
export async function authenticateDevice(credential: string, now = new Date()): Promise<TDeviceCaller | null> {
  if (!isDeviceCredentialText(credential)) return null;
  const db = getDb();
  const [row] = await db
    .select({
      deviceId: apiDevices.id,
      ownerId: apiDevices.userId,
      clientId: apiDevices.clientId,
      name: apiDevices.name,
      lastSeenAt: apiDevices.lastSeenAt,
    })
    .from(apiDeviceCredentials)
    .innerJoin(apiDevices, eq(apiDevices.id, apiDeviceCredentials.deviceId))
    .where(
      and(
        eq(apiDeviceCredentials.secretHash, deviceCredentialHash(credential)),
        isNull(apiDeviceCredentials.revokedAt),
        isNull(apiDevices.signedOutAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_STEP_MS)
    await db
      .update(apiDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(apiDevices.id, row.deviceId), lt(apiDevices.lastSeenAt, new Date(now.getTime() - LAST_SEEN_STEP_MS))));
  const { lastSeenAt: _seen, ...caller } = row;
  return caller;
}

/** A paired device by our id (its MQTT status topic names it; the broker let only it publish there), or null. */
export async function findPairedDevice(deviceId: string): Promise<TDeviceCaller | null> {
  if (!/^[0-9a-f-]{36}$/.test(deviceId)) return null;
  const [row] = await getDb()
    .select({ deviceId: apiDevices.id, ownerId: apiDevices.userId, clientId: apiDevices.clientId, name: apiDevices.name })
    .from(apiDeviceCredentials)
    .innerJoin(apiDevices, eq(apiDevices.id, apiDeviceCredentials.deviceId))
    .where(and(eq(apiDevices.id, deviceId), isNull(apiDeviceCredentials.revokedAt), isNull(apiDevices.signedOutAt)));
  return row ?? null;
}
