import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TSettlePayout } from "@domain/marketplace/payout-input";
import { formatKobo } from "@domain/money/money";
import { recordAudit } from "../audit/record-audit";
import { getDb, type DbOrTx } from "../db/client";
import { notifyUser } from "../notifications/notify-user";
import { marketplacePayouts, sellers } from "./schema";

type TPayout = typeof marketplacePayouts.$inferSelect;
type TSeller = typeof sellers.$inferSelect;

/** Tells a seller how their payout ended: paid (with the reference), declined by an admin, or failed at the bank. */
export async function tellSellerOfPayout(
  db: DbOrTx,
  seller: TSeller,
  payout: Pick<TPayout, "amountKobo" | "accountName" | "accountNumber">,
  outcome: { status: "paid"; reference: string } | { status: "declined" | "failed"; note: string },
) {
  const amount = formatKobo(payout.amountKobo);
  const title = {
    paid: `Payout of ${amount} sent`,
    declined: `Payout of ${amount} declined`,
    failed: `Payout of ${amount} did not go through`,
  };
  const message =
    outcome.status === "paid"
      ? `We sent ${amount} to ${payout.accountName} (${payout.accountNumber}), reference ${outcome.reference}.`
      : outcome.status === "declined"
        ? `Your payout request was declined: ${outcome.note} The amount is back in your available balance.`
        : `${outcome.note} The amount is back in your available balance: check your payout account and ask again.`;
  await notifyUser(db, {
    userId: seller.userId,
    type: "payment",
    priority: "high",
    title: title[outcome.status],
    message,
    link: seller.kind === "architect" ? "/architect/dashboard#earnings" : "/seller/dashboard#earnings",
    emailCopy: true,
  });
}

/**
 * An admin settles a payout request by hand (docs/product/marketplace.md#payouts): paid, with the bank's transfer
 * reference, or declined with a reason (the amount returns to the seller's available balance). Once only; audited;
 * the seller hears.
 */
export async function settlePayout(admin: TViewer, input: TSettlePayout): Promise<TResult<{ payeeName: string; amountKobo: number }>> {
  return getDb().transaction(async (tx) => {
    const [payout] = await tx.select().from(marketplacePayouts).where(eq(marketplacePayouts.id, input.payoutId)).for("update");
    if (!payout) return refuse("not_found", "That payout request does not exist.");
    if (payout.status === "sending")
      return refuse("conflict", "This payout is on its way through Paystack: wait for its outcome, or check it with Paystack.");
    if (payout.status !== "requested") return refuse("conflict", "This payout has already been settled.");
    const [seller] = await tx.select().from(sellers).where(eq(sellers.id, payout.sellerId));
    if (input.decision === "paid" && seller?.status !== "active")
      return refuse("conflict", "This store is suspended: its payouts are held. Decline the request or lift the suspension first.");
    const decided = {
      status: input.decision,
      bankReference: input.decision === "paid" ? input.reference! : null,
      note: input.note || null,
      decidedBy: admin.id,
      decidedAt: new Date(),
    };
    await tx.update(marketplacePayouts).set(decided).where(eq(marketplacePayouts.id, payout.id));
    await recordAudit(tx, {
      actorId: admin.id,
      action: `marketplace.payout.${input.decision}`,
      resourceType: "marketplace_payout",
      resourceId: String(payout.id),
      oldData: { status: payout.status, amountKobo: payout.amountKobo },
      newData: { status: decided.status, bankReference: decided.bankReference, note: decided.note },
    });
    if (seller)
      await tellSellerOfPayout(
        tx,
        seller,
        payout,
        input.decision === "paid"
          ? { status: "paid", reference: decided.bankReference! }
          : { status: "declined", note: decided.note ?? "" },
      );
    return succeed({ payeeName: seller?.displayName ?? "The seller", amountKobo: payout.amountKobo });
  });
}
