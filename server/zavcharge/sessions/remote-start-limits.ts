import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { remoteStartLimits } from "./schema";

// A driver's own limits for a charge started from the site (docs/product/zavcharge.md#chargers): held from the
// RemoteStartTransaction until the charger's StartTransaction opens the session, at most a few minutes. Rows, not
// process memory: with several instances the charger may talk to another one, and a restart must not lose them.

type TLimits = { energyLimitWh: number | null; moneyLimitKobo: number | null };
const HOLD_MS = 5 * 60_000;
const NO_LIMITS: TLimits = { energyLimitWh: null, moneyLimitKobo: null };

/** Keeps the limits for this charger, connector and tag; a newer start for the same three replaces them. */
export async function holdRemoteStartLimits(
  db: DbOrTx,
  chargerId: number,
  connectorId: number,
  idTag: string,
  limits: TLimits,
  now = new Date(),
): Promise<void> {
  if (limits.energyLimitWh === null && limits.moneyLimitKobo === null) return;
  const expiresAt = new Date(now.getTime() + HOLD_MS);
  await db
    .insert(remoteStartLimits)
    .values({ chargerId, connectorId, idTag: idTag.toUpperCase(), ...limits, expiresAt })
    .onConflictDoUpdate({
      target: [remoteStartLimits.chargerId, remoteStartLimits.connectorId, remoteStartLimits.idTag],
      set: { energyLimitWh: limits.energyLimitWh, moneyLimitKobo: limits.moneyLimitKobo, expiresAt },
    });
}

/**
 * The limits held for this start, taken once (deleted as they are read, in the caller's transaction: if the session
 * is not opened, they stay for the charger's next try); none once they have expired. Expired rows go on the way.
 */
export async function takeRemoteStartLimits(
  db: DbOrTx,
  chargerId: number,
  connectorId: number,
  idTag: string,
  now = new Date(),
): Promise<TLimits> {
  const [held] = await db
    .delete(remoteStartLimits)
    .where(
      and(
        eq(remoteStartLimits.chargerId, chargerId),
        eq(remoteStartLimits.connectorId, connectorId),
        eq(remoteStartLimits.idTag, idTag.toUpperCase()),
      ),
    )
    .returning();
  await db.delete(remoteStartLimits).where(lt(remoteStartLimits.expiresAt, now));
  if (!held || held.expiresAt < now) return NO_LIMITS;
  return { energyLimitWh: held.energyLimitWh, moneyLimitKobo: held.moneyLimitKobo };
}
