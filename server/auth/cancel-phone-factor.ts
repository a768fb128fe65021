import { and, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { twoFactorPhones } from "./schema";

/** Drops a number still waiting for its code (set-up abandoned); a verified phone is removed only with the password. */
export async function cancelPendingPhone(userId: string): Promise<void> {
  await getDb()
    .delete(twoFactorPhones)
    .where(and(eq(twoFactorPhones.userId, userId), eq(twoFactorPhones.status, "unverified")));
}
