import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { getDb } from "../db/client";
import { authSecret } from "../env";
import { log } from "../log";
import { signInDevices } from "./schema";

/** A browser's id, keyed: equal ids match, and the cookie's value cannot be read back from the table. */
export const deviceKey = (deviceId: string) => createHmac("sha256", authSecret()).update(`sign-in-device:${deviceId}`).digest("base64url");

/**
 * Notes the browser a person just signed in on (server/http/device-cookie.ts), for the referral fraud checks
 * (docs/product/refer-and-earn.md#fraud-checks). Called from better-auth's session hook, which may run inside its own
 * work: the note is queued, never awaited there, and a failure only logs.
 */
export function rememberSignInDevice(userId: string, deviceId: string | null | undefined) {
  if (!deviceId) return;
  const deviceHash = deviceKey(deviceId);
  void getDb()
    .insert(signInDevices)
    .values({ userId, deviceHash })
    .onConflictDoUpdate({ target: [signInDevices.userId, signInDevices.deviceHash], set: { lastSeenAt: sql`now()` } })
    .catch((err: unknown) => log.warn({ err }, "sign-in device not noted"));
}

/**
 * A phone or device of the app, named as a browser's cookie names a browser, so the same-device check of refer-and-earn
 * knows app sign-ins too: by the client's own id for it alone, since the platform a request names (X-Platform) is the
 * client's word too and must not make one phone two.
 */
export const appDeviceId = (clientDeviceId: string) => `app:${clientDeviceId}`;

/** Notes, inside the caller's transaction, that `userId` signed in on the app's device `deviceId` (appDeviceId). */
export async function noteSignInDevice(db: DbOrTx, userId: string, deviceId: string) {
  await db
    .insert(signInDevices)
    .values({ userId, deviceHash: deviceKey(deviceId) })
    .onConflictDoUpdate({ target: [signInDevices.userId, signInDevices.deviceHash], set: { lastSeenAt: sql`now()` } });
}

/** The keyed hashes of every browser and app phone `userId` has signed in on (ZavCharge's welcome keys read them). */
export async function signInDeviceHashes(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ hash: signInDevices.deviceHash }).from(signInDevices).where(eq(signInDevices.userId, userId));
  return rows.map((r) => r.hash);
}

/** Whether `userId` has signed in on the browser (or app device) `deviceId`. */
export async function hasSignedInOn(db: DbOrTx, userId: string, deviceId: string | null | undefined): Promise<boolean> {
  if (!deviceId) return false;
  const [row] = await db
    .select({ userId: signInDevices.userId })
    .from(signInDevices)
    .where(and(eq(signInDevices.userId, userId), eq(signInDevices.deviceHash, deviceKey(deviceId))));
  return !!row;
}
