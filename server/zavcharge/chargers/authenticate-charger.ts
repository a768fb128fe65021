import { eq } from "drizzle-orm";
import { getDb } from "../../db/client";
import { verifyChargerPassword } from "./charger-password";
import { chargers } from "../schema";

export type TAuthenticatedCharger = { chargerId: number; stationId: number; chargePointId: string };

/**
 * A charger's identity comes from the URL's last segment and its Basic password only
 * (docs/product/zavcharge.md#chargers): an unknown id, a charger with no password or a wrong one is refused,
 * with the same hashing work either way so the ids cannot be told apart by timing.
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
  const ok = await verifyChargerPassword(text, charger?.hash ?? null);
  if (!charger || !ok || !text || charger.protocol !== protocol) return null;
  return { chargerId: charger.id, stationId: charger.stationId, chargePointId: id };
}
