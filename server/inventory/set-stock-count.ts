import { z } from "zod";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { MAX_ON_HAND } from "@domain/orders/order-filters";
import { wholeNumber } from "@domain/orders/order-filters-input";
import { recordAudit } from "../audit/record-audit";
import { setVariantOnHand } from "../catalog/set-variant-on-hand";
import { changePublicContent } from "../http/page-cache";
import { lockVariantStock } from "./lock-variant-stock";
import { raiseLowStockAlert } from "./low-stock-alert";

export const ZStockCount = z.object({
  variantId: z.coerce.number({ error: "Unknown item" }).int().positive("Unknown item"),
  onHand: wholeNumber("On hand", MAX_ON_HAND),
  reason: z
    .string({ error: "Say why the count changed (stock take, delivery, damage...)" })
    .trim()
    .min(3, "Say why the count changed (stock take, delivery, damage...)")
    .max(200, "The reason must be at most 200 characters"),
});
export type TStockCount = z.output<typeof ZStockCount>;

/**
 * Staff set a variant's stock on hand to a counted number (stock take, delivery, damage), with the reason.
 * The change and its audit entry land together; falling under the threshold raises the low-stock alert; the
 * public product pages are refreshed since they show stock.
 */
export async function setStockCount(actor: TViewer, { variantId, onHand, reason }: TStockCount): Promise<TResult<{ message: string }>> {
  if (!hasRoleLevel(actor.role, "staff")) return refuse("forbidden", "Only staff can change stock.");
  return changePublicContent(async (tx) => {
    const before = await lockVariantStock(tx, variantId);
    if (!before) return refuse("not_found", "That item no longer exists.");
    await setVariantOnHand(tx, variantId, onHand);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inventory.set_on_hand",
      resourceType: "product_variant",
      resourceId: before.sku,
      oldData: { onHand: before.onHand },
      newData: { onHand, reason },
    });
    const available = before.available + (onHand - before.onHand);
    await raiseLowStockAlert(tx, { ...before, onHand, othersHold: onHand - available });
    return succeed({ message: `${before.sku}: ${onHand} on hand, ${Math.max(available, 0)} to sell` });
  });
}
