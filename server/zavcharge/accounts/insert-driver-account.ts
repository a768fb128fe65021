import type { Tx } from "../../db/client";
import { zavchargeAccounts } from "./schema";

/**
 * The row of a new driver account (docs/product/zavcharge.md#accounts), inside the transaction that opens it
 * (server/zavcharge/open-driver-account.ts, which draws the code and hashes the PIN). Its id.
 */
export async function insertDriverAccount(
  tx: Tx,
  row: Pick<typeof zavchargeAccounts.$inferInsert, "code" | "userId" | "name" | "email" | "phone" | "pinHash" | "planId">,
): Promise<number> {
  const [account] = await tx.insert(zavchargeAccounts).values(row).returning({ id: zavchargeAccounts.id });
  return account!.id;
}
