import { eq } from "drizzle-orm";
import { z } from "zod";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { wholeNumber } from "@domain/orders/order-filters-input";
import { recordAudit } from "../audit/record-audit";
import { products, productVariants } from "../catalog/schema";
import { setProductSupplyFields } from "../catalog/set-product-supply-fields";
import { getDb } from "../db/client";
import { lockVariantStock } from "./lock-variant-stock";
import { raiseLowStockAlert } from "./low-stock-alert";

export const ZProductSupply = z.object({
  productId: z.coerce.number({ error: "Unknown product" }).int().positive("Unknown product"),
  threshold: wholeNumber("Threshold", 10_000),
  supplier: z
    .string()
    .trim()
    .max(120, "The supplier must be at most 120 characters")
    .optional()
    .transform((s) => s || null),
});
export type TProductSupply = z.output<typeof ZProductSupply>;

/**
 * Staff set a product's low-stock threshold and supplier (they apply to all its variants), with an audit
 * entry; a threshold raised above what is left raises the low-stock alert at once.
 */
export async function setProductSupply(
  actor: TViewer,
  { productId, threshold, supplier }: TProductSupply,
): Promise<TResult<{ message: string }>> {
  if (!hasRoleLevel(actor.role, "staff")) return refuse("forbidden", "Only staff can change stock settings.");
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ name: products.name, threshold: products.lowStockThreshold, supplier: products.supplier })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!before) return refuse("not_found", "That product no longer exists.");
    await setProductSupplyFields(tx, productId, { lowStockThreshold: threshold, supplier });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inventory.set_supply",
      resourceType: "product",
      resourceId: String(productId),
      oldData: before,
      newData: { threshold, supplier },
    });
    const variants = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId));
    for (const { id } of variants) {
      const row = await lockVariantStock(tx, id);
      if (row) await raiseLowStockAlert(tx, { ...row, othersHold: row.onHand - row.available });
    }
    return succeed({ message: `${before.name}: threshold ${threshold}, supplier ${supplier ?? "not set"}` });
  });
}
