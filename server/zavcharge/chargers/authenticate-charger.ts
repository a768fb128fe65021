import { and, eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { log } from "../../log";
import { checkChargerPassword, hashChargerPassword } from "./charger-password";
import { chargers } from "./schema";

export type TAuthenticatedCharger = { chargerId: number; stationId: number; chargePointId: string };

/**
 * A charger's identity comes from the URL's last segment and its Basic password only
 * (docs/product/zavcharge.md#chargers): an unknown id, a charger with no password or a wrong one is refused,
 * with the same hashing work either way so the ids cannot be told apart by timing (a charger still on a scrypt hash
 * from before takes longer, once).
 */
export async function authenticateCharger(
  chargePointId: string,
  password: Buffer | string | undefined,
  protocol: "ocpp" | "mqtt" = "ocpp",
): Promise<TAuthenticatedCharger | null> {
  const text = typeof password === "string" ? password : (password?.toString("utf8") ?? "");
  const id = chargePointId.slice(0, 64);
  const [charger] = id
    ? await getDb()
        .select({ id: chargers.id, stationId: chargers.stationId, hash: chargers.passwordHash, protocol: chargers.protocol })
        .from(chargers)
        .where(eq(chargers.chargePointId, id))
    : [];
  const check = await checkChargerPassword(text, charger?.hash ?? null);
  if (!charger || !check.ok || !text || charger.protocol !== protocol) return null;
  // A hash from before the keyed hash is rewritten now that the password is known right (charger-password.ts); if the
  // password was changed meanwhile, the new one stays.
  if (check.outdated)
    await getDb()
      .update(chargers)
      .set({ passwordHash: await hashChargerPassword(text) })
      .where(and(eq(chargers.id, charger.id), eq(chargers.passwordHash, charger.hash!)))
      .catch((err: unknown) => log.warn({ err, chargePointId: id }, "charger: the password's hash could not be brought up to date"));
  return { chargerId: charger.id, stationId: charger.stationId, chargePointId: id };
}
