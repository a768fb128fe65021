import { sql } from "drizzle-orm";
import { CHARGER_CALL_TIMEOUT_MS, CHARGER_COMMAND_DELIVERY_MS, CHARGER_COMMANDS_DAYS } from "@domain/zavcharge/chargers/charger";
import { getDb } from "../../db/client";

// Commands passed between instances that will never be answered (docs/product/zavcharge.md#chargers,
// docs/decisions/0036-charger-commands-across-instances.md), settled at start-up and by the upkeep.

/**
 * A queued command not taken up within its delivery window is expired: never delivered late. A sent one whose
 * instance no longer holds that connection (it died, or the charger went elsewhere), or that has waited longer
 * than a call can take, is unknown: the charger may or may not have it, and it is never sent again. What the
 * charger did shows in its next StartTransaction or StatusNotification, which record themselves as always.
 */
export async function settleChargerCommands(): Promise<{ expired: number; unknown: number }> {
  const db = getDb();
  const expired = await db.execute(sql`
    update charger_commands set status = 'expired', answered_at = now()
    where status = 'queued' and requested_at <= now() - make_interval(secs => ${CHARGER_COMMAND_DELIVERY_MS / 1000})
    returning id`);
  const unknown = await db.execute(sql`
    update charger_commands c set status = 'unknown', answered_at = now()
    where c.status = 'sent' and (
      c.sent_at <= now() - make_interval(secs => ${(CHARGER_CALL_TIMEOUT_MS + CHARGER_COMMAND_DELIVERY_MS) / 1000})
      or not exists (
        select 1 from charger_connections k
        where k.charger_id = c.charger_id and k.instance_id = c.instance_id and k.epoch = c.epoch
      )
    )
    returning id`);
  const count = (r: unknown) => (r as { rows: unknown[] }).rows.length;
  return { expired: count(expired), unknown: count(unknown) };
}

/** Commands are kept a few days, for the record. */
export async function pruneChargerCommands(now = new Date()): Promise<void> {
  await getDb().execute(
    sql`delete from charger_commands where requested_at < ${new Date(now.getTime() - CHARGER_COMMANDS_DAYS * 86_400_000).toISOString()}::timestamptz`,
  );
}
