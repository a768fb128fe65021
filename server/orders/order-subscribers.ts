import type { DbOrTx } from "../db/client";
import { referralCommissionsOnOrders } from "../referrals/commissions-on-orders";
import type { TOrderRef } from "./purchasable-kind";

// What hangs on an order's money without being sold in it (docs/decisions/0013-one-cart-many-kinds.md): told in the
// transaction that moves the order, beside the kinds' hooks, so it happens with the move or not at all.

export interface TOrderSubscriber {
  readonly name: string;
  /** The order's money arrived: paid online or by transfer, or delivered and paid in cash. */
  paid?(tx: DbOrTx, order: TOrderRef, paidAt: Date): Promise<void>;
  /** The order, or some sellers' parts of it, were refunded. */
  refunded?(tx: DbOrTx, order: TOrderRef, refundedPartIds: number[]): Promise<void>;
}

// Read lazily, like the kinds: the subscribers' modules import order code.
const SUBSCRIBERS = (): TOrderSubscriber[] => [referralCommissionsOnOrders];

export async function tellOrderPaid(tx: DbOrTx, order: TOrderRef, paidAt: Date) {
  for (const subscriber of SUBSCRIBERS()) await subscriber.paid?.(tx, order, paidAt);
}

export async function tellOrderRefunded(tx: DbOrTx, order: TOrderRef, refundedPartIds: number[]) {
  if (refundedPartIds.length === 0) return;
  for (const subscriber of SUBSCRIBERS()) await subscriber.refunded?.(tx, order, refundedPartIds);
}
