import { and, eq, ne } from "drizzle-orm";
import type { TDriverDetails } from "@domain/zavcharge/account-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { zavchargeAccounts } from "./schema";

/** The driver edits the name and phone on their ZavCharge account (docs/product/zavcharge.md#accounts). */
export async function updateDriverDetails(accountId: number, input: TDriverDetails): Promise<TResult> {
  const [row] = await getDb()
    .update(zavchargeAccounts)
    .set({ name: input.name, phone: input.phone, updatedAt: new Date() })
    .where(and(eq(zavchargeAccounts.id, accountId), ne(zavchargeAccounts.status, "closed")))
    .returning({ id: zavchargeAccounts.id });
  return row ? succeed() : refuse("not_found", "This ZavCharge account is closed.");
}
