import type { DbOrTx } from "../db/client";
import { notifyReferrer } from "./notify-referrer";
import { referralLedger } from "./schema";

export type TSettledCommission = { id: number; referrerId: string; amountKobo: number };

/**
 * Posts commissions approved (adding to the balance) or reversed (taking away) to their referrers' ledgers, each once
 * (the reference is unique), and tells each referrer the total, in the caller's transaction.
 */
export async function postCommissionLedger(
  tx: DbOrTx,
  kind: "approved" | "reversed",
  commissions: TSettledCommission[],
  notified = commissions,
  reason?: string,
) {
  if (commissions.length > 0)
    await tx
      .insert(referralLedger)
      .values(
        commissions.map((c) => ({
          userId: c.referrerId,
          kind,
          amountKobo: kind === "approved" ? c.amountKobo : -c.amountKobo,
          commissionId: c.id,
          reference: `${kind}:${c.id}`,
        })),
      )
      .onConflictDoNothing({ target: referralLedger.reference });
  const byReferrer = new Map<string, number>();
  for (const c of notified) byReferrer.set(c.referrerId, (byReferrer.get(c.referrerId) ?? 0) + c.amountKobo);
  for (const [referrerId, amountKobo] of byReferrer)
    await notifyReferrer(tx, referrerId, kind === "reversed" ? { event: kind, amountKobo, reason } : { event: kind, amountKobo });
}
