import { randomUUID } from "node:crypto";
import { and, eq, inArray, lte, max, sql } from "drizzle-orm";
import { payoutRefusal } from "@domain/referrals/commission";
import { ZReferralPayout } from "@domain/referrals/referral-input";
import { formatKobo } from "@domain/money/money";
import { certain, parseThen, refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb, type Tx } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { users } from "../auth/schema";
import { notifyUser } from "../notifications/notify-user";
import { bankName } from "@domain/nigeria/banks";
import { refuseSelfReferralsByBankAccount } from "./refuse-self-referrals";
import { getSettings } from "../settings/get-settings";
import { zavchargeAccounts } from "../zavcharge/schema";
import { postWalletEntry } from "../zavcharge/wallet/post-wallet-entry";
import { notifyReferrer } from "./notify-referrer";
import { qualifiedReferralCount } from "./referral-balance";
import { referralCodes, referralCommissions, referralLedger, referralPayoutAccounts, referralPayouts } from "./schema";

/**
 * A referrer takes their whole balance (docs/product/refer-and-earn.md#payouts): into their ZavCharge wallet, credited
 * at once through the wallet's ledger, or to their bank account, asked of the admins' payout queue (the balance drops
 * now; a declined or failed transfer gives it back). Refused below the minimum payout, before `minReferrals` friends
 * have qualified, or when the amount the page showed is no longer the balance (a refund, another tab). One payout at a
 * time per person (their code's row is locked); the payout, the ledger, the commissions marked paid and the wallet
 * entry land in one transaction. The bank-account fraud check runs first, in its own transaction, so what it refuses
 * stays refused even when the payout is then refused for the balance it changed.
 */
export async function payOutReferralBalance(
  userId: string,
  fields: unknown,
): Promise<TResult<{ amountKobo: number; payoutId: number; destination: "wallet" | "bank"; accountName: string | null }>> {
  return parseThen(ZReferralPayout, fields, ["amountKobo", "destination"], async (input) => {
    const db = getDb();
    const settings = await getSettings(db);
    await db.transaction((tx) => refuseSelfReferralsByBankAccount(tx, userId));
    return inTransaction(async (tx) => {
      const [code] = await tx
        .select({ userId: referralCodes.userId })
        .from(referralCodes)
        .where(eq(referralCodes.userId, userId))
        .for("update");
      if (!code) return refuse("conflict", "You have no approved commission to pay out yet.");
      const [ledger] = await tx
        .select({ balance: sql<string>`coalesce(sum(${referralLedger.amountKobo}), 0)`, lastId: max(referralLedger.id) })
        .from(referralLedger)
        .where(eq(referralLedger.userId, userId));
      const balanceKobo = Number(ledger?.balance ?? 0);
      const refusal = payoutRefusal(
        {
          amountKobo: input.amountKobo,
          balanceKobo,
          minPayoutKobo: Math.max(1, settings.referralMinPayout),
          qualifiedReferrals: await qualifiedReferralCount(tx, userId),
          minReferrals: settings.minReferrals,
        },
        formatKobo,
      );
      if (refusal) return refuse("conflict", refusal, { field: "amountKobo" });
      const reference = `referral-payout:${randomUUID()}`;
      const payout =
        input.destination === "wallet"
          ? await payIntoWallet(tx, userId, balanceKobo, reference)
          : await askForBankPayout(tx, userId, balanceKobo, reference);
      if (!payout.ok) return payout;
      await tx
        .insert(referralLedger)
        .values({ userId, kind: "payout", amountKobo: -balanceKobo, payoutId: payout.id, reference: `payout:${payout.id}` });
      // The commissions this payout covers: those approved in the ledger read above (one approved since is paid next time).
      await tx
        .update(referralCommissions)
        .set({ status: "paid", paidAt: new Date(), payoutId: payout.id })
        .where(
          and(
            eq(referralCommissions.referrerId, userId),
            eq(referralCommissions.status, "approved"),
            inArray(
              referralCommissions.id,
              tx
                .select({ id: sql<number>`${referralLedger.commissionId}` })
                .from(referralLedger)
                .where(
                  and(eq(referralLedger.userId, userId), eq(referralLedger.kind, "approved"), lte(referralLedger.id, ledger?.lastId ?? 0)),
                ),
            ),
          ),
        );
      await recordAudit(tx, {
        actorId: userId,
        action: "referral.payout",
        resourceType: "referral_payout",
        resourceId: String(payout.id),
        newData: { amountKobo: balanceKobo, destination: input.destination },
      });
      return succeed({ amountKobo: balanceKobo, payoutId: payout.id, destination: input.destination, accountName: payout.accountName });
    });
  });
}

/** The wallet payout: credited at once, and the referrer hears it is paid. */
async function payIntoWallet(tx: Tx, userId: string, amountKobo: number, reference: string): Promise<TResult<TPayout>> {
  const [account] = await tx
    .select({ id: zavchargeAccounts.id, status: zavchargeAccounts.status })
    .from(zavchargeAccounts)
    .where(and(eq(zavchargeAccounts.userId, userId), inArray(zavchargeAccounts.status, ["active", "suspended"])));
  if (!account)
    return refuse("conflict", "You need a ZavCharge account to be paid into its wallet. Join ZavCharge, then come back.", {
      field: "destination",
    });
  if (account.status !== "active")
    return refuse("conflict", "Your ZavCharge account is suspended, so it cannot be paid into. Contact us.", {
      field: "destination",
    });
  const [payout] = await tx
    .insert(referralPayouts)
    .values({ userId, amountKobo, destination: "wallet", reference })
    .returning({ id: referralPayouts.id });
  certain(
    await postWalletEntry(tx, {
      accountId: account.id,
      kind: "referral_payout",
      amountKobo,
      reference,
      description: "Refer & Earn payout",
    }),
    "Crediting a referrer's wallet",
  );
  await notifyReferrer(tx, userId, { event: "paid_out", amountKobo, destination: "wallet" });
  return succeed({ id: payout!.id, accountName: null });
}

type TPayout = { id: number; accountName: string | null };

/** The bank payout: asked of the admins' payout queue with the account as it is now; the admins hear of it. */
async function askForBankPayout(tx: Tx, userId: string, amountKobo: number, reference: string): Promise<TResult<TPayout>> {
  const [account] = await tx.select().from(referralPayoutAccounts).where(eq(referralPayoutAccounts.userId, userId));
  if (!account) return refuse("conflict", "Add the bank account to be paid into first.", { field: "destination" });
  const [payout] = await tx
    .insert(referralPayouts)
    .values({
      userId,
      amountKobo,
      destination: "bank",
      status: "requested",
      reference,
      bankCode: account.bankCode,
      accountNumber: account.accountNumber,
      accountName: account.accountName,
      accountVerified: account.accountVerified,
    })
    .returning({ id: referralPayouts.id });
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
  for (const admin of admins)
    await notifyUser(tx, {
      userId: admin.id,
      type: "payment",
      title: "Refer & Earn payout requested",
      message: `${formatKobo(amountKobo)} to ${account.accountName} (${bankName(account.bankCode) ?? account.bankCode}).`,
      link: "/admin/payouts#referrer-payouts",
    });
  return succeed({ id: payout!.id, accountName: account.accountName });
}
