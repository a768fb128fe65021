import { and, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { ZDevicePair } from "@domain/gateway/api-input";
import { normalisePairingCode } from "@domain/gateway/device-pairing";
import { mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { recordAudit } from "../audit/record-audit";
import { consumePairingTry, RateLimitedError } from "../auth/rate-limits";
import { getDb } from "../db/client";
import { publishEvent } from "../realtime/publish";
import { DEVICE_REVOKED_EVENT, deviceCredentialHash, deviceMqttUsername, newDeviceCredential, pairingCodeHash } from "./device-credentials";
import { revokeDeviceTokens } from "./sign-in-device";
import { apiDeviceCredentials, apiDevices, apiPairingCodes } from "./schema";

export type TPairedDevice = {
  deviceId: string;
  name: string;
  credential: string;
  mqtt: { username: string; statusTopic: string; commandsTopic: string };
};

const WRONG_CODE = "That pairing code is not right, or it has expired. Make a new one on your account page.";

/**
 * An Arduino device pairs itself with the code its owner made (docs/product/api-gateway.md#arduino-devices): the code is
 * used once, within 10 minutes, and tries are limited per address. The device is recorded under the owner by its
 * own id (pairing it again replaces its credential, and the old one stops working at once) and gets a long-lived
 * credential, shown this once, for its own endpoints and MQTT topics only.
 */
export async function pairDevice(input: z.output<typeof ZDevicePair>, ip: string, now = new Date()): Promise<TResult<TPairedDevice>> {
  try {
    await consumePairingTry(ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const code = normalisePairingCode(input.code);
  if (!code) return refuse("invalid_input", WRONG_CODE, { field: "code" });
  return getDb().transaction(async (tx) => {
    const [used] = await tx
      .update(apiPairingCodes)
      .set({ usedAt: now })
      .where(and(eq(apiPairingCodes.hash, pairingCodeHash(code)), isNull(apiPairingCodes.usedAt), gt(apiPairingCodes.expiresAt, now)))
      .returning({ userId: apiPairingCodes.userId, deviceName: apiPairingCodes.deviceName, hash: apiPairingCodes.hash });
    if (!used) return refuse("invalid_input", WRONG_CODE, { field: "code" });
    const [device] = await tx
      .insert(apiDevices)
      .values({
        userId: used.userId,
        clientId: input.deviceInfo.id,
        type: "arduino",
        platform: "arduino",
        name: used.deviceName,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [apiDevices.userId, apiDevices.clientId],
        set: { type: "arduino", platform: "arduino", name: used.deviceName, lastSeenAt: now, signedOutAt: null },
      })
      .returning({ id: apiDevices.id });
    const deviceId = device!.id;
    // A phone that once used the same id is not this device: its tokens end.
    await revokeDeviceTokens(tx, deviceId, "device_paired", now);
    const credential = newDeviceCredential();
    await tx
      .insert(apiDeviceCredentials)
      .values({ deviceId, secretHash: deviceCredentialHash(credential), createdAt: now })
      .onConflictDoUpdate({
        target: apiDeviceCredentials.deviceId,
        set: { secretHash: deviceCredentialHash(credential), createdAt: now, revokedAt: null },
      });
    await tx.update(apiPairingCodes).set({ deviceId }).where(eq(apiPairingCodes.hash, used.hash));
    await recordAudit(tx, {
      actorId: used.userId,
      action: "api.device.paired",
      resourceType: "api_device",
      resourceId: deviceId,
      newData: { name: used.deviceName, clientId: input.deviceInfo.id, ip },
    });
    await publishEvent(tx, { userId: used.userId, type: DEVICE_REVOKED_EVENT, payload: { deviceId } });
    return succeed({
      deviceId,
      name: used.deviceName,
      credential,
      mqtt: {
        username: deviceMqttUsername(deviceId),
        statusTopic: mqttTopics.deviceStatus(deviceId),
        commandsTopic: mqttTopics.deviceCommands(deviceId),
      },
    });
  });
}
