import { and, desc, eq, exists, isNull, sql } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TApiPlatform } from "@domain/gateway/api-input";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { revokeDeviceTokens } from "./sign-in-device";
import { apiDevices, apiTokenFamilies } from "./schema";

// A person's devices signed in through the API (docs/product/api-gateway.md#devices): listed on /account and by the
// API, and signed out from either.

export type TSignedInDevice = {
  id: string;
  clientId: string;
  type: TApiPlatform;
  name: string;
  lastSeenAt: Date;
  createdAt: Date;
  /** Whether it still holds tokens that work. */
  active: boolean;
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
    })
    .from(apiDevices)
    .where(eq(apiDevices.userId, userId))
    .orderBy(desc(apiDevices.lastSeenAt))
    .limit(50);
  return rows.map(({ signedOutAt, open: hasOpen, ...d }) => ({ ...d, type: d.type as TApiPlatform, active: !signedOutAt && hasOpen }));
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
