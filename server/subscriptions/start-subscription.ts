import type { DbOrTx } from "../db/client";
import { subscriptions } from "./schema";

const DAY_MS = 86_400_000;

/**
 * A plan period from now, inside the caller's transaction (ZavCharge's new accounts, docs/product/zavcharge.md#plans):
 * the renewal reminder reads these rows.
 */
export async function startSubscription(
  tx: DbOrTx,
  p: { userId: string; planName: string; priceKobo: number; periodDays: number; product?: string },
): Promise<{ id: number; expiresAt: Date }> {
  const now = Date.now();
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: p.userId,
      product: p.product ?? "zavcharge",
      planName: p.planName,
      priceKobo: p.priceKobo,
      status: "active",
      startsAt: new Date(now),
      expiresAt: new Date(now + p.periodDays * DAY_MS),
    })
    .returning({ id: subscriptions.id, expiresAt: subscriptions.expiresAt });
  return row!;
}
