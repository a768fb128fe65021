import { and, desc, eq, exists, isNull, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TApiPlatform } from "@domain/gateway/api-input";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { publishEvent } from "../realtime/publish";
import { DEVICE_REVOKED_EVENT } from "./device-credentials";
import { revokeDeviceTokens } from "./sign-in-device";
import { apiDeviceCredentials, apiDevices, apiTokenFamilies } from "./schema";

// A person's devices signed in through the API (docs/product/api-gateway.md#devices): listed on /account and by the
// API, and signed out from either.

export type TSignedInDevice = {
  id: string;
  clientId: string;
  type: TApiPlatform;
  name: string;
  lastSeenAt: Date;
  createdAt: Date;
  /** Whether it still holds tokens (or, for a paired device, a credential) that work. */
  active: boolean;
  /** A paired device's last report, and when. */
  lastStatus: Record<string, unknown> | null;
  lastStatusAt: Date | null;
};

export async function listSignedInDevices(userId: string): Promise<TSignedInDevice[]> {
  const db = getDb();
  const open = db
    .select({ id: apiTokenFamilies.id })
    .from(apiTokenFamilies)
    .where(and(eq(apiTokenFamilies.deviceId, apiDevices.id), isNull(apiTokenFamilies.revokedAt)));
  const rows = await db
    .select({
      id: apiDevices.id,
      clientId: apiDevices.clientId,
      type: apiDevices.type,
      name: apiDevices.name,
      lastSeenAt: apiDevices.lastSeenAt,
      createdAt: apiDevices.createdAt,
      signedOutAt: apiDevices.signedOutAt,
      open: sql<boolean>`${exists(open)}`,
      credentialRevokedAt: apiDeviceCredentials.revokedAt,
      credentialId: apiDeviceCredentials.deviceId,
      lastStatus: apiDeviceCredentials.lastStatus,
      lastStatusAt: apiDeviceCredentials.lastStatusAt,
    })
    .from(apiDevices)
    .leftJoin(apiDeviceCredentials, eq(apiDeviceCredentials.deviceId, apiDevices.id))
    .where(eq(apiDevices.userId, userId))
    .orderBy(desc(apiDevices.lastSeenAt))
    .limit(50);
  return rows.map(({ signedOutAt, open: hasOpen, credentialRevokedAt, credentialId, lastStatus, ...d }) => ({
    ...d,
    type: d.type as TApiPlatform,
    active: !signedOutAt && (hasOpen || (credentialId !== null && credentialRevokedAt === null)),
    lastStatus: (lastStatus as Record<string, unknown> | null) ?? null,
  }));
}

/**
 * Signs a person's device out: its tokens stop working at once; it can sign in again as itself. Found by our id
 * (`by: "id"`, the account page and DELETE /devices/{id}) or the client's (`by: "client"`, POST /auth/logout).
 * Another person's device is not found. Audited.
 */
export async function signOutDevice(
  viewer: TViewer,
  device: { by: "id" | "client"; value: string },
  reason: "signed_out" | "device_removed",
  now = new Date(),
): Promise<TResult<{ name: string }>> {
  return getDb().transaction(async (tx) => {
    const match =
      device.by === "id"
        ? /^[0-9a-f-]{36}$/i.test(device.value)
          ? eq(apiDevices.id, device.value)
          : null
        : eq(apiDevices.clientId, device.value);
    const [row] = match
      ? await tx
          .select()
          .from(apiDevices)
          .where(and(eq(apiDevices.userId, viewer.id), match))
          .for("update")
      : [];
    if (!row) return refuse("not_found", "That device is not signed in to your account.");
    await revokeDeviceTokens(tx, row.id, reason, now);
    await tx.update(apiDevices).set({ signedOutAt: now }).where(eq(apiDevices.id, row.id));
    // A paired device's credential ends too, and its MQTT session with it (docs/product/api-gateway.md#arduino-devices).
    const revoked = await tx
      .update(apiDeviceCredentials)
      .set({ revokedAt: now })
      .where(and(eq(apiDeviceCredentials.deviceId, row.id), isNull(apiDeviceCredentials.revokedAt)))
      .returning({ deviceId: apiDeviceCredentials.deviceId });
    if (revoked.length > 0) await publishEvent(tx, { userId: viewer.id, type: DEVICE_REVOKED_EVENT, payload: { deviceId: row.id } });
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "api.device.sign_out",
      resourceType: "api_device",
      resourceId: row.id,
      newData: { reason, name: row.name },
    });
    return succeed({ name: row.name });
  });
}
