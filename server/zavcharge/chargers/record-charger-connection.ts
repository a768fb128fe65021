import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "../../db/client";
import { chargerConnections } from "./schema";

// Which instance holds each charger's socket (docs/product/zavcharge.md#chargers,
// docs/decisions/0036-charger-commands-across-instances.md), so a command asked anywhere reaches it.

/** A charger connected to this instance: its row says so, with the next epoch, which this connection keeps. */
export async function recordChargerConnection(chargerId: number, instanceId: string, now = new Date()): Promise<number> {
  const [row] = await getDb()
    .insert(chargerConnections)
    .values({ chargerId, instanceId, epoch: 1, connectedAt: now })
    .onConflictDoUpdate({
      target: chargerConnections.chargerId,
      set: { instanceId, epoch: sql`${chargerConnections.epoch} + 1`, connectedAt: now },
    })
    .returning({ epoch: chargerConnections.epoch });
  return row!.epoch;
}

/**
 * The connection closed: its row goes, only if it is still this connection's (same instance, same epoch). A
 * charger that already reconnected, here or to another instance, keeps its newer row. Answers whether it went,
 * that is whether the charger is now connected nowhere.
 */
export async function forgetChargerConnection(chargerId: number, instanceId: string, epoch: number): Promise<boolean> {
  const gone = await getDb()
    .delete(chargerConnections)
    .where(
      and(eq(chargerConnections.chargerId, chargerId), eq(chargerConnections.instanceId, instanceId), eq(chargerConnections.epoch, epoch)),
    )
    .returning({ chargerId: chargerConnections.chargerId });
  return gone.length > 0;
}

/** This instance is shutting down: none of its rows stays behind. */
export async function forgetInstanceConnections(instanceId: string): Promise<void> {
  await getDb().delete(chargerConnections).where(eq(chargerConnections.instanceId, instanceId));
}

/**
 * The watchdog found these chargers silent (their instance may have died with the rows still there): their rows go,
 * unless the charger connected again since `before`.
 */
export async function forgetSilentConnections(chargerIds: number[], before: Date): Promise<void> {
  if (chargerIds.length === 0) return;
  await getDb()
    .delete(chargerConnections)
    .where(and(inArray(chargerConnections.chargerId, chargerIds), lte(chargerConnections.connectedAt, before)));
}
