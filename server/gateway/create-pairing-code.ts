import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { PAIRING_CODE_MINUTES, PAIRING_CODES_OPEN_MAX } from "@domain/gateway/device-pairing";
import { recordAudit } from "../audit/record-audit";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { newPairingCode, pairingCodeHash } from "./device-credentials";
import { apiPairingCodes } from "./schema";

/**
 * A one-time code that pairs a device with `ownerId`'s account (docs/product/api-gateway.md#arduino-devices), made by
 * the owner (on /account or through the API) or by an admin for them. The code is shown once and kept only as a hash;
 * a person has at most three waiting at once. Audited, without the code.
 */
export async function createPairingCode(
  viewer: TViewer,
  ownerId: string,
  deviceName: string,
  now = new Date(),
): Promise<TResult<{ code: string; expiresAt: Date }>> {
  if (viewer.id !== ownerId && viewer.role !== "admin")
    return refuse("forbidden", "Only the account's owner or an admin can pair a device.");
  return getDb().transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for("update");
    if (!owner) return refuse("not_found", "That account does not exist.");
    const [open] = await tx
      .select({ n: count() })
      .from(apiPairingCodes)
      .where(and(eq(apiPairingCodes.userId, ownerId), isNull(apiPairingCodes.usedAt), gt(apiPairingCodes.expiresAt, now)));
    if ((open?.n ?? 0) >= PAIRING_CODES_OPEN_MAX)
      return refuse(
        "conflict",
        `You have ${PAIRING_CODES_OPEN_MAX} pairing codes waiting. Use one, or wait ${PAIRING_CODE_MINUTES} minutes.`,
      );
    const code = newPairingCode();
    const expiresAt = new Date(now.getTime() + PAIRING_CODE_MINUTES * 60_000);
    await tx
      .insert(apiPairingCodes)
      .values({ hash: pairingCodeHash(code), userId: ownerId, deviceName, createdBy: viewer.id, createdAt: now, expiresAt });
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "api.device.pairing_code",
      resourceType: "user",
      resourceId: ownerId,
      newData: { deviceName, expiresAt: expiresAt.toISOString() },
    });
    return succeed({ code, expiresAt });
  });
}
