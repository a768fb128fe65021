import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { bankName } from "@domain/nigeria/banks";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { getDb } from "../db/client";
import { findTransferProvider } from "../payments/providers/get-payment-provider";
import { marketplaceEarnings, marketplacePayouts, sellers } from "./schema";

/**
 * The admins' payouts page (docs/product/marketplace.md#payouts): requests waiting or on their way (oldest first), the
 * latest settled, and the marketplace's commission figures.
 */
export async function listPayouts() {
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
    sellerName: sellers.displayName,
    sellerStatus: sellers.status,
    accountVerified: sellers.accountVerified,
  };
  const [waiting, settled, [figures]] = await Promise.all([
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
    db
      .select({
        commissionKobo: sql<string>`coalesce(sum(${marketplaceEarnings.commissionKobo}), 0)`,
        commission30Kobo: sql<string>`coalesce(sum(${marketplaceEarnings.commissionKobo}) filter (where ${marketplaceEarnings.createdAt} > now() - interval '30 days'), 0)`,
        owedKobo: sql<string>`coalesce(sum(${marketplaceEarnings.amountKobo}), 0)`,
      })
      .from(marketplaceEarnings)
      .where(and(eq(marketplaceEarnings.status, "held"))),
  ]);
  const [paid] = await db
    .select({ paidKobo: sql<string>`coalesce(sum(${marketplacePayouts.amountKobo}), 0)` })
    .from(marketplacePayouts)
    .where(eq(marketplacePayouts.status, "paid"));
  const view = (rows: typeof waiting) =>
    rows.map((r) => ({
      ...r,
      status: r.status as TPayoutStatus,
      bank: bankName(r.bankCode) ?? r.bankCode,
      requestedAt: r.requestedAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    }));
  return {
    /** Admins may pay through the provider's transfer API (PAYSTACK_TRANSFERS), besides recording a manual transfer. */
    canTransfer: findTransferProvider() !== null,
    waiting: view(waiting),
    settled: view(settled),
    figures: {
      commissionKobo: Number(figures?.commissionKobo ?? 0),
      commission30Kobo: Number(figures?.commission30Kobo ?? 0),
      /** Sellers' earnings not refunded, less what was paid out: what the marketplace still owes them. */
      owedKobo: Number(figures?.owedKobo ?? 0) - Number(paid?.paidKobo ?? 0),
    },
  };
}
