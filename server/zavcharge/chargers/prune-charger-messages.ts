import { lt, sql } from "drizzle-orm";
import { CHARGER_MESSAGES_DAYS, CHARGER_MESSAGES_KEEP } from "@domain/zavcharge/chargers/charger";
import { getDb } from "../../db/client";
import { chargerMessages } from "./schema";

/** Keeps each charger's last messages, none older than the limit (docs/product/zavcharge.md#chargers). */
export async function pruneChargerMessages(now = new Date(), keep = CHARGER_MESSAGES_KEEP): Promise<number> {
  const db = getDb();
  const old = await db
    .delete(chargerMessages)
    .where(lt(chargerMessages.at, new Date(now.getTime() - CHARGER_MESSAGES_DAYS * 86_400_000)))
    .returning({ id: chargerMessages.id });
  const extra = await db.execute(sql`
    delete from charger_messages where id in (
      select id from (
        select id, row_number() over (partition by charger_id order by id desc) as n from charger_messages
      ) ranked where n > ${keep}
    ) returning id`);
  return old.length + ((extra as { rows?: unknown[] }).rows?.length ?? 0);
}
