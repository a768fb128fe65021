import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { zavchargePendingRegistrations } from "./schema";

/**
 * A person's password was reset before they confirmed their e-mail (docs/product/zavcharge.md#accounts): whoever
 * reset it proved the address but did not necessarily choose the PIN and phone of the waiting ZavCharge
 * registration, so it goes; the owner joins ZavCharge with their own once signed in.
 */
export async function dropPendingRegistration(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, userId));
}
