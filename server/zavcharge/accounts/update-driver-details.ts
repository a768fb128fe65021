import { and, eq, ne, sql } from "drizzle-orm";
import type { TDriverDetails } from "@domain/zavcharge/accounts/account-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatNigerianPhone } from "@domain/nigeria/phone";
import { PIN_SESSION_REFUSALS, type TDriverSignIn } from "@domain/zavcharge/accounts/account-rules";
import { getDb } from "../../db/client";
import { zavchargeAccounts } from "./schema";

/**
 * The driver edits the name and phone on their ZavCharge account (docs/product/zavcharge.md#accounts). A PIN session
 * may fix the name; the phone, where the account's messages go, changes only with the password
 * (docs/product/zavcharge.md#pins).
 */
export async function updateDriverDetails(accountId: number, input: TDriverDetails, signedInWith: TDriverSignIn): Promise<TResult> {
  const db = getDb();
  if (signedInWith !== "password") {
    const [current] = await db
      .select({ phone: zavchargeAccounts.phone })
      .from(zavchargeAccounts)
      .where(eq(zavchargeAccounts.id, accountId));
    if (!current?.phone || formatNigerianPhone(current.phone) !== input.phone)
      return refuse("forbidden", PIN_SESSION_REFUSALS.phone, { field: "phone" });
  }
  const [row] = await db
    .update(zavchargeAccounts)
    .set({
      name: input.name,
      phone: input.phone,
      // A new number is one nobody has proved yet.
      phoneVerifiedAt: sql`case when ${zavchargeAccounts.phone} = ${input.phone} then ${zavchargeAccounts.phoneVerifiedAt} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(zavchargeAccounts.id, accountId), ne(zavchargeAccounts.status, "closed")))
    .returning({ id: zavchargeAccounts.id });
  return row ? succeed() : refuse("not_found", "This ZavCharge account is closed.");
}
