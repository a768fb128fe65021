import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { zavchargeAccounts, zavchargePinResets, zavchargePinSessions } from "./schema";
import { rememberWelcomeGrants } from "./welcome-grant";

/**
 * Closes these accounts without the person (docs/product/zavcharge.md#accounts): the site account link, name, e-mail,
 * phone, PIN and RFID card go, with the PIN sessions and reset codes; the rows, their ledger and sessions stay. Used
 * when a driver closes their account and when a person's data is deleted. Who had the welcome credit is remembered
 * first, as fingerprints only (docs/product/zavcharge.md#welcome-credit), so joining again does not bring it back.
 */
export async function eraseDriverAccounts(tx: DbOrTx, ids: number[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await rememberWelcomeGrants(tx, ids);
  await tx.delete(zavchargePinSessions).where(inArray(zavchargePinSessions.accountId, ids));
  await tx.delete(zavchargePinResets).where(inArray(zavchargePinResets.accountId, ids));
  await tx
    .update(zavchargeAccounts)
    .set({
      status: "closed",
      userId: null,
      name: null,
      email: null,
      phone: null,
      pinHash: null,
      rfidTag: null,
      suspendedReason: null,
      closedAt: sql`coalesce(${zavchargeAccounts.closedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(inArray(zavchargeAccounts.id, ids));
}
