import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { subscriptions } from "./schema";

const DAY_MS = 86_400_000;

/**
 * Renews a plan period (docs/product/zavcharge.md#plans): from its end date if it has not ended, else from now,
 * inside the caller's transaction. Returns the new end.
 */
export async function extendSubscription(
  tx: DbOrTx,
  p: { subscriptionId: number; planName: string; priceKobo: number; periodDays: number },
): Promise<Date> {
  const [row] = await tx
    .select({ expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, p.subscriptionId))
    .for("update");
  if (!row) throw new Error(`subscription ${p.subscriptionId} is missing`);
  const from = Math.max(Date.now(), row.expiresAt.getTime());
  const expiresAt = new Date(from + p.periodDays * DAY_MS);
  await tx
    .update(subscriptions)
    .set({ expiresAt, status: "active", planName: p.planName, priceKobo: p.priceKobo })
    .where(eq(subscriptions.id, p.subscriptionId));
  return expiresAt;
}
