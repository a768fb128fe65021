import { and, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { chargingSessions } from "./schema";

/**
 * Sessions' part when accounts lose their person (docs/product/privacy-requests.md#what-happens-to-each-kind-of-data):
 * the sessions stay, without the id tag the charger was shown (the account code or an RFID card). How many changed.
 */
export async function forgetSessionIdTags(tx: DbOrTx, accountIds: number[]): Promise<number> {
  const sessions = await tx
    .update(chargingSessions)
    .set({ idTag: null })
    .where(and(inArray(chargingSessions.accountId, accountIds), sql`${chargingSessions.idTag} is not null`))
    .returning({ id: chargingSessions.id });
  return sessions.length;
}
