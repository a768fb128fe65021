import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { certain, AppError, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import type { TWalletAdjustment } from "@domain/zavcharge/sessions/session-input";
import { recordAudit } from "../../audit/record-audit";
import { inTransaction } from "../../db/in-transaction";
import { postWalletEntry } from "./post-wallet-entry";
import { zavchargeAccounts } from "../accounts/schema";

/**
 * An admin credits or debits a wallet with a reason (docs/product/zavcharge.md#wallet): a ledger row of kind
 * "adjustment" through postWalletEntry and an audit entry, in one transaction. A debit beyond the balance is
 * refused with the balance named; nothing changes.
 */
export async function adjustWallet(
  admin: TViewer,
  code: string,
  input: TWalletAdjustment,
): Promise<TResult<{ code: string; amountKobo: number; balanceKobo: number }>> {
  if (!hasRoleLevel(admin.role, "admin"))
    return { ok: false, error: new AppError("forbidden", "Only an administrator can adjust a wallet") };
  return inTransaction(async (tx) => {
    const [account] = await tx.select().from(zavchargeAccounts).where(eq(zavchargeAccounts.code, code)).for("update");
    if (!account) return refuse("not_found", "There is no such ZavCharge account");
    if (account.status === "closed") return refuse("conflict", "This account is closed; its wallet cannot change");
    const amountKobo = input.direction === "credit" ? input.amount : -input.amount;
    if (account.balanceKobo + amountKobo < 0)
      return refuse(
        "conflict",
        `The balance is ${formatKobo(account.balanceKobo)}: a debit of ${formatKobo(input.amount)} would take it below zero`,
        { field: "amount" },
      );
    const { entry } = certain(
      await postWalletEntry(tx, {
        accountId: account.id,
        kind: "adjustment",
        amountKobo,
        reference: `adjustment:${randomUUID()}`,
        description: input.direction === "credit" ? "Credit by Zavolah staff" : "Debit by Zavolah staff",
        staffUserId: admin.id,
        reason: input.reason,
      }),
      "Posting a credit or a covered debit",
    );
    await recordAudit(tx, {
      actorId: admin.id,
      action: `zavcharge.wallet.${input.direction}`,
      resourceType: "zavcharge_account",
      resourceId: account.code,
      oldData: { balanceKobo: account.balanceKobo },
      newData: { balanceKobo: entry.balanceAfterKobo, amountKobo, reason: input.reason, entryId: entry.id },
    });
    return succeed({ code: account.code, amountKobo, balanceKobo: entry.balanceAfterKobo });
  });
}
