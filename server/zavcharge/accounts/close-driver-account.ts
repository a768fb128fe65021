import { and, eq, ne } from "drizzle-orm";
import { formatKobo } from "@domain/money/money";
import { PIN_SESSION_REFUSALS, type TDriverSignIn } from "@domain/zavcharge/accounts/account-rules";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { raiseAlert } from "../../alerts/raise-alert";
import { getDb } from "../../db/client";
import { eraseDriverAccounts } from "./erase-driver-accounts";
import { zavchargeAccounts } from "./schema";
import { chargingSessions } from "../sessions/schema";

/**
 * The driver closes their account (docs/product/zavcharge.md#accounts): the person's details and PIN are erased,
 * the row, its ledger and its sessions stay without identity. A remaining balance can be asked back: admins get
 * an alert to refund it. Refused while a session is running, a second time, and to a PIN session: closing needs the
 * site account's password (docs/product/zavcharge.md#pins).
 */
export async function closeDriverAccount(
  accountId: number,
  p: { requestRefund: boolean; signedInWith: TDriverSignIn },
): Promise<TResult<{ balanceKobo: number }>> {
  if (p.signedInWith !== "password") return refuse("forbidden", PIN_SESSION_REFUSALS.close);
  return getDb().transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(zavchargeAccounts)
      .where(and(eq(zavchargeAccounts.id, accountId), ne(zavchargeAccounts.status, "closed")))
      .for("update");
    if (!account) return refuse("conflict", "This ZavCharge account is already closed.");
    const [running] = await tx
      .select({ id: chargingSessions.id })
      .from(chargingSessions)
      .where(and(eq(chargingSessions.accountId, accountId), eq(chargingSessions.status, "active")));
    if (running) return refuse("conflict", "A charging session is still running. Stop it before closing the account.");
    if (p.requestRefund && account.balanceKobo > 0) {
      await raiseAlert(tx, {
        type: "zavcharge_refund_request",
        title: `Refund request: ZavCharge ${account.code}`,
        message: `${account.name ?? "A driver"} (${account.email ?? "no e-mail"}, ${account.phone ?? "no phone"}) closed ZavCharge account ${account.code} and asked for the remaining ${formatKobo(account.balanceKobo)} back. Refund them, then record it as a wallet adjustment.`,
        severity: "high",
        dedupeKey: `zavcharge-refund:${account.id}`,
      });
    }
    await eraseDriverAccounts(tx, [accountId]);
    return succeed({ balanceKobo: account.balanceKobo });
  });
}
