import { asc, desc, eq, inArray, and, notInArray } from "drizzle-orm";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { bankName } from "@domain/nigeria/banks";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import type { TPayoutRow } from "../payments/payee";
import { referralPayouts } from "./schema";

/**
 * Referrers' bank payouts on the admins' payouts page (docs/product/refer-and-earn.md#payouts): those waiting or on
 * their way (oldest first), then the latest settled.
 */
export async function listReferralBankPayouts(): Promise<{ waiting: TPayoutRow[]; settled: TPayoutRow[] }> {
  const db = getDb();
  const columns = {
    id: referralPayouts.id,
    amountKobo: referralPayouts.amountKobo,
    status: referralPayouts.status,
    bankCode: referralPayouts.bankCode,
    accountNumber: referralPayouts.accountNumber,
    accountName: referralPayouts.accountName,
    accountVerified: referralPayouts.accountVerified,
    bankReference: referralPayouts.bankReference,
    transferReference: referralPayouts.transferReference,
    note: referralPayouts.note,
    requestedAt: referralPayouts.createdAt,
    decidedAt: referralPayouts.decidedAt,
    payeeName: users.name,
  };
  const open = inArray(referralPayouts.status, ["requested", "sending"]);
  const [waiting, settled] = await Promise.all([
    db
      .select(columns)
      .from(referralPayouts)
      .innerJoin(users, eq(users.id, referralPayouts.userId))
      .where(and(eq(referralPayouts.destination, "bank"), open))
      .orderBy(asc(referralPayouts.createdAt)),
    db
      .select(columns)
      .from(referralPayouts)
      .innerJoin(users, eq(users.id, referralPayouts.userId))
      .where(and(eq(referralPayouts.destination, "bank"), notInArray(referralPayouts.status, ["requested", "sending"])))
      .orderBy(desc(referralPayouts.decidedAt))
      .limit(30),
  ]);
  const view = (rows: typeof waiting): TPayoutRow[] =>
    rows.map((r) => ({
      ...r,
      status: r.status as TPayoutStatus,
      bankCode: r.bankCode ?? "",
      held: false,
      accountNumber: r.accountNumber ?? "",
      accountName: r.accountName ?? "",
      accountVerified: !!r.accountVerified,
      bank: bankName(r.bankCode ?? "") ?? r.bankCode ?? "",
      requestedAt: r.requestedAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  return { waiting: view(waiting), settled: view(settled) };
}
