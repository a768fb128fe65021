import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { staffCodes } from "./schema";

// A staff code's claim, as registration uses it (docs/product/accounts.md): checked, claimed atomically,
// then tied to the new account, or released when the account could not be created. The users context owns
// staff codes; auth calls these.

const usable = (code: string) => and(eq(staffCodes.code, code), isNull(staffCodes.usedAt), isNull(staffCodes.revokedAt));

/** Whether the code exists, is unused and not revoked. */
export async function isStaffCodeUsable(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: staffCodes.id }).from(staffCodes).where(usable(code));
  return !!row;
}

/** Marks the code used; of two people racing with one code, one gets it (undefined for the other). */
export async function claimStaffCode(db: DbOrTx, code: string): Promise<{ id: number; department: string } | undefined> {
  const [claimed] = await db
    .update(staffCodes)
    .set({ usedAt: new Date() })
    .where(usable(code))
    .returning({ id: staffCodes.id, department: staffCodes.department });
  return claimed;
}

/** Records which account the claimed code created. */
export async function attachStaffCodeUser(db: DbOrTx, codeId: number, userId: string): Promise<void> {
  await db.update(staffCodes).set({ usedBy: userId }).where(eq(staffCodes.id, codeId));
}

/** Gives a claimed code back when its account could not be created. */
export async function releaseStaffCode(db: DbOrTx, codeId: number): Promise<void> {
  await db.update(staffCodes).set({ usedAt: null }).where(eq(staffCodes.id, codeId));
}
