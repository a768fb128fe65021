import { and, eq, inArray, sql } from "drizzle-orm";
import type { TErasureHold, TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import { investmentReference } from "@domain/investments/investment-rules";
import { formatKobo } from "@domain/money/money";
import type { DbOrTx } from "../db/client";
import { removeIdDocument } from "./investor-id-documents";
import { distributionPayments, investments, investorApplications, investors } from "./schema";

// The investments' part of a deletion (docs/product/privacy-requests.md#what-holds-a-deletion,
// docs/product/investments.md#applications).

/** Money we still hold for the person, or owe them: an investment not yet paid back, a distribution not yet paid. */
export async function investmentErasureHolds(db: DbOrTx, userId: string): Promise<TErasureHold[]> {
  const held = await db
    .select()
    .from(investments)
    .where(and(eq(investments.userId, userId), inArray(investments.status, ["pending_payment", "active", "matured"])));
  const holds: TErasureHold[] = held.map((i) => ({
    reason: `Investment ${investmentReference(i.id, i.placedAt)} (${i.terms.tierName}, ${formatKobo(i.principalKobo)}) is still held: pay the principal back, or cancel its unpaid order, first.`,
  }));
  const [owed] = await db
    .select({ kobo: sql<string>`coalesce(sum(${distributionPayments.netKobo}), 0)` })
    .from(distributionPayments)
    .where(and(eq(distributionPayments.userId, userId), inArray(distributionPayments.status, ["scheduled", "sending"])));
  if (Number(owed?.kobo ?? 0) > 0)
    holds.push({ reason: `${formatKobo(Number(owed!.kobo))} in investment distributions is still owed: pay it first.` });
  return holds;
}

/**
 * Forgets an investor: applications go with their ID documents (removed from disk after the commit); the checked
 * investor record keeps only what the register needs to stay whole (the bank account cut to its last 4 digits). The
 * investments and distributions stay as amounts and dates, the company's financial record.
 */
export async function forgetInvestor(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const applications = await tx
    .delete(investorApplications)
    .where(eq(investorApplications.userId, p.userId))
    .returning({ path: investorApplications.idDocumentPath });
  const investor = await tx
    .update(investors)
    .set({
      legalName: "Deleted investor",
      dateOfBirth: "1900-01-01",
      address: "",
      lga: "",
      phone: "",
      idNumber: "",
      accountName: "",
      accountNumber: sql`right(${investors.accountNumber}, 4)`,
      transferRecipientCode: null,
    })
    .where(eq(investors.userId, p.userId))
    .returning({ userId: investors.userId });
  return {
    rows: applications.length + investor.length,
    afterCommit: async () => {
      for (const a of applications) await removeIdDocument(a.path);
    },
  };
}
