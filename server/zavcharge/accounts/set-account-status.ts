import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TAccountStatusChange } from "@domain/zavcharge/sessions/session-input";
import { recordAudit } from "../../audit/record-audit";
import { inTransaction } from "../../db/in-transaction";
import { zavchargeAccounts } from "./schema";

/**
 * Staff suspend an account with a reason, or reactivate it (docs/product/zavcharge.md#accounts): a suspended
 * account cannot start charging. A closed account stays closed. Written to the audit log with the reason.
 */
export async function setAccountStatus(
  staff: TViewer,
  code: string,
  input: TAccountStatusChange,
): Promise<TResult<{ code: string; status: "active" | "suspended" }>> {
  return inTransaction(async (tx) => {
    const [account] = await tx.select().from(zavchargeAccounts).where(eq(zavchargeAccounts.code, code)).for("update");
    if (!account) return refuse("not_found", "There is no such ZavCharge account");
    if (account.status === "closed") return refuse("conflict", "This account is closed: it cannot be suspended or reactivated");
    const status = input.intent === "suspend" ? "suspended" : "active";
    if (account.status === status)
      return refuse("conflict", status === "suspended" ? "This account is already suspended" : "This account is already active");
    await tx
      .update(zavchargeAccounts)
      .set({ status, suspendedReason: status === "suspended" ? input.reason : null, updatedAt: new Date() })
      .where(eq(zavchargeAccounts.id, account.id));
    await recordAudit(tx, {
      actorId: staff.id,
      action: status === "suspended" ? "zavcharge.account.suspend" : "zavcharge.account.reactivate",
      resourceType: "zavcharge_account",
      resourceId: account.code,
      oldData: { status: account.status, suspendedReason: account.suspendedReason },
      newData: { status, reason: input.reason },
    });
    return succeed({ code: account.code, status });
  });
}
