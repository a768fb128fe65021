import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { bankName } from "@domain/nigeria/banks";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { getDb } from "../db/client";
import type { TPayoutRow } from "../payments/payee";
import { marketplaceEarnings, marketplacePayouts, sellers } from "./schema";

/** Sellers' payout requests on the admins' payouts page (docs/product/marketplace.md#payouts): waiting or on their way (oldest first), then the latest settled. */
export async function listPayouts(): Promise<{ waiting: TPayoutRow[]; settled: TPayoutRow[] }> {
  const db = getDb();
  const columns = {
    id: marketplacePayouts.id,
    amountKobo: marketplacePayouts.amountKobo,
    status: marketplacePayouts.status,
    bankCode: marketplacePayouts.bankCode,
    accountNumber: marketplacePayouts.accountNumber,
    accountName: marketplacePayouts.accountName,
    bankReference: marketplacePayouts.bankReference,
    transferReference: marketplacePayouts.transferReference,
    note: marketplacePayouts.note,
    requestedAt: marketplacePayouts.requestedAt,
    decidedAt: marketplacePayouts.decidedAt,
    payeeName: sellers.displayName,
    sellerStatus: sellers.status,
    accountVerified: sellers.accountVerified,
  };
  const [waiting, settled] = await Promise.all([
    db
      .select(columns)
      .from(marketplacePayouts)
      .innerJoin(sellers, eq(sellers.id, marketplacePayouts.sellerId))
      .where(inArray(marketplacePayouts.status, ["requested", "sending"]))
      .orderBy(asc(marketplacePayouts.requestedAt)),
    db
      .select(columns)
      .from(marketplacePayouts)
      .innerJoin(sellers, eq(sellers.id, marketplacePayouts.sellerId))
      .where(notInArray(marketplacePayouts.status, ["requested", "sending"]))
      .orderBy(desc(marketplacePayouts.decidedAt))
      .limit(30),
  ]);
  const view = (rows: typeof waiting): TPayoutRow[] =>
    rows.map(({ sellerStatus, ...r }) => ({
      ...r,
      status: r.status as TPayoutStatus,
      bank: bankName(r.bankCode) ?? r.bankCode,
      held: sellerStatus === "suspended",
      requestedAt: r.requestedAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  return { waiting: view(waiting), settled: view(settled) };
}

/** The marketplace's commission figures on the payouts page: earned in the last 30 days, in all, and still owed to sellers. */
export async function getCommissionFigures() {
  const db = getDb();
  const [[figures], [paid]] = await Promise.all([
    db
      .select({
        commissionKobo: sql<string>`coalesce(sum(${marketplaceEarnings.commissionKobo}), 0)`,
        commission30Kobo: sql<string>`coalesce(sum(${marketplaceEarnings.commissionKobo}) filter (where ${marketplaceEarnings.createdAt} > now() - interval '30 days'), 0)`,
        owedKobo: sql<string>`coalesce(sum(${marketplaceEarnings.amountKobo}), 0)`,
      })
      .from(marketplaceEarnings)
      .where(and(eq(marketplaceEarnings.status, "held"))),
    db
      .select({ paidKobo: sql<string>`coalesce(sum(${marketplacePayouts.amountKobo}), 0)` })
      .from(marketplacePayouts)
      .where(eq(marketplacePayouts.status, "paid")),
  ]);
  return {
    commissionKobo: Number(figures?.commissionKobo ?? 0),
    commission30Kobo: Number(figures?.commission30Kobo ?? 0),
    /** Sellers' earnings not refunded, less what was paid out: what the marketplace still owes them. */
    owedKobo: Number(figures?.owedKobo ?? 0) - Number(paid?.paidKobo ?? 0),
  };
}
