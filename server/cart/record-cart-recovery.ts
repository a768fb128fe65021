import { and, desc, eq, gt, gte, isNull, lte } from "drizzle-orm";
import { DAY_MS, RECOVERY_WINDOW_DAYS } from "@domain/cart/abandoned-carts";
import type { DbOrTx } from "../db/client";
import { cartAbandonments } from "./schema";

/**
 * An order was placed (docs/product/store-and-orders.md#abandoned-carts): called by place-order inside its transaction.
 * The person's newest reminded cart, left at most 7 days before and not recovered yet, is marked recovered by this
 * order and its total: once per record and once per order. Every other open record of theirs ends, so no reminder
 * follows an order. Returns the recovered record's id, or null.
 */
export async function recordCartRecovery(
  tx: DbOrTx,
  order: { userId: string; orderId: string; totalKobo: number; placedAt?: Date },
): Promise<number | null> {
  const placedAt = order.placedAt ?? new Date();
  const [reminded] = await tx
    .select({ id: cartAbandonments.id })
    .from(cartAbandonments)
    .where(
      and(
        eq(cartAbandonments.userId, order.userId),
        gt(cartAbandonments.remindersSent, 0),
        isNull(cartAbandonments.recoveredOrderId),
        lte(cartAbandonments.firstReminderAt, placedAt),
        gte(cartAbandonments.abandonedAt, new Date(placedAt.getTime() - RECOVERY_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(desc(cartAbandonments.abandonedAt))
    .limit(1)
    .for("update");
  const recovered = reminded
    ? await tx
        .update(cartAbandonments)
        .set({ status: "recovered", recoveredOrderId: order.orderId, recoveredValueKobo: order.totalKobo, recoveredAt: placedAt })
        .where(and(eq(cartAbandonments.id, reminded.id), isNull(cartAbandonments.recoveredOrderId)))
        .returning({ id: cartAbandonments.id })
    : [];
  await tx
    .update(cartAbandonments)
    .set({ status: "ended", endReason: "ordered", endedAt: placedAt })
    .where(and(eq(cartAbandonments.userId, order.userId), eq(cartAbandonments.status, "open")));
  return recovered[0]?.id ?? null;
}
