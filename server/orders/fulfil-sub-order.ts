import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { TFulfilPart } from "@domain/marketplace/sub-order-input";
import { PART_STEPS } from "@domain/marketplace/sub-orders";
import { inTransaction } from "../db/in-transaction";
import { findSellerOf } from "../marketplace/find-seller-of";
import { advanceSubOrder } from "./advance-sub-order";

/**
 * A seller accepts, ships (with a note for the buyer) or delivers their part of an order
 * (docs/product/marketplace.md#fulfilment). Another store's part is "not found"; a suspended store still fulfils
 * what it has sold.
 */
export async function fulfilSubOrder(viewer: TViewer, input: TFulfilPart): Promise<TResult<{ label: string; done: string }>> {
  const seller = await findSellerOf(viewer.id);
  if (!seller) return refuse("forbidden", "Only marketplace sellers fulfil orders.");
  return inTransaction(async (tx) => {
    const advanced = await advanceSubOrder(tx, {
      subOrderId: input.subOrderId,
      step: input.step,
      sellerId: seller.id,
      actorLabel: seller.displayName,
      actorUserId: viewer.id,
      note: input.step === "ship" ? input.trackingNote : null,
    });
    if (!advanced.ok) return advanced;
    return succeed({ label: advanced.part.label, done: PART_STEPS[input.step].done });
  });
}
