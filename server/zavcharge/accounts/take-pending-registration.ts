import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { zavchargePendingRegistrations } from "./schema";

/** How long a ZavCharge registration waits for its e-mail to be confirmed (docs/product/zavcharge.md#accounts). */
export const PENDING_REGISTRATION_DAYS = 7;

/**
 * The ZavCharge registration a person's e-mail confirmation was waiting for, removed as it is read (inside the
 * transaction that confirms the e-mail), or null when there is none.
 */
export async function takePendingRegistration(tx: Tx, userId: string) {
  const [pending] = await tx.delete(zavchargePendingRegistrations).where(eq(zavchargePendingRegistrations.userId, userId)).returning();
  return pending ?? null;
}
