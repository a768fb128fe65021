import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { users } from "./schema";

export type TUserProfileFields = { name: string; phone: string; department?: string | null; image?: string };

/** Writes the profile fields of an account (auth owns the users table; the account page's use case calls this). */
export async function setUserProfileFields(db: DbOrTx, userId: string, fields: TUserProfileFields): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
