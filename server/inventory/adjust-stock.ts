import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { MAX_ON_HAND, wholeNumber } from "@domain/orders/order-filters";
import { hasRoleLevel, type TViewer } from "@domain/access/roles";
import { recordAudit } from "../audit/record-audit";
import { products, productVariants } from "../catalog/schema";
import { getDb, type DbOrTx } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { availableSql } from "./available-stock";
import { raiseLowStockAlert } from "./commit-order-stock";

export const ZStockCount = z.object({
  variantId: z.coerce.number({ error: "Unknown item" }).int().positive("Unknown item"),
  onHand: wholeNumber("On hand", MAX_ON_HAND),
  reason: z
    .string({ error: "Say why the count changed (stock take, delivery, damage...)" })
    .trim()
    .min(3, "Say why the count changed (stock take, delivery, damage...)")
    .max(200, "The reason must be at most 200 characters"),
});

export type TStockEditResult = { ok: true; message: string } | { ok: false; field?: string; message: string };

function firstIssue(error: z.ZodError): TStockEditResult {
  const issue = error.issues[0]!;
  const field = issue.path[0];
  return {
    ok: false,
    field: typeof field === "string" && field !== "variantId" && field !== "productId" ? field : undefined,
    message: issue.message,
  };
}

/** Locks a variant and reads its stock figures; null when it does not exist. */
async function lockVariant(tx: DbOrTx, variantId: number) {
  await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.id, variantId)).for("update");
  const [row] = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      variant: productVariants.name,
      onHand: productVariants.onHand,
      available: availableSql(),
      name: products.name,
      threshold: products.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row ? { ...row, available: Number(row.available) } : null;
}

/** Raises the low-stock alert for a variant if what is left to sell is under the threshold (deduplicated). */
async function checkLowStock(
  tx: DbOrTx,
  row: { id: number; onHand: number; available: number; threshold: number; name: string; variant: string },
) {
  await raiseLowStockAlert(tx, { ...row, othersHold: row.onHand - row.available });
}

/**
 * Staff set a variant's stock on hand to a counted number (stock take, delivery, damage), with the reason.
 * The change and its audit entry land together; falling under the threshold raises the low-stock alert; the
 * public product pages are refreshed since they show stock.
 */
export async function setStockCount(actor: TViewer, input: Record<string, string | undefined>): Promise<TStockEditResult> {
  if (!hasRoleLevel(actor.role, "staff")) return { ok: false, message: "Only staff can change stock." };
  const parsed = ZStockCount.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  const { variantId, onHand, reason } = parsed.data;
  const result = await getDb().transaction(async (tx): Promise<TStockEditResult> => {
    const before = await lockVariant(tx, variantId);
    if (!before) return { ok: false, message: "That item no longer exists." };
    await tx
      .update(productVariants)
      .set({ onHand, updatedAt: sql`now()` })
      .where(eq(productVariants.id, variantId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inventory.set_on_hand",
      resourceType: "product_variant",
      resourceId: before.sku,
      oldData: { onHand: before.onHand },
      newData: { onHand, reason },
    });
    const available = before.available + (onHand - before.onHand);
    await checkLowStock(tx, { ...before, onHand, available });
    return { ok: true, message: `${before.sku}: ${onHand} on hand, ${Math.max(available, 0)} to sell` };
  });
  if (result.ok) bumpContentVersion();
  return result;
}

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

/**
 * Staff set a product's low-stock threshold and supplier (they apply to all its variants), with an audit
 * entry; a threshold raised above what is left raises the low-stock alert at once.
 */
export async function setProductSupply(actor: TViewer, input: Record<string, string | undefined>): Promise<TStockEditResult> {
  if (!hasRoleLevel(actor.role, "staff")) return { ok: false, message: "Only staff can change stock settings." };
  const parsed = ZProductSupply.safeParse(input);
  if (!parsed.success) return firstIssue(parsed.error);
  const { productId, threshold, supplier } = parsed.data;
  return getDb().transaction(async (tx): Promise<TStockEditResult> => {
    const [before] = await tx
      .select({ name: products.name, threshold: products.lowStockThreshold, supplier: products.supplier })
      .from(products)
      .where(eq(products.id, productId))
      .for("update");
    if (!before) return { ok: false, message: "That product no longer exists." };
    await tx
      .update(products)
      .set({ lowStockThreshold: threshold, supplier, updatedAt: sql`now()` })
      .where(eq(products.id, productId));
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
      const row = await lockVariant(tx, id);
      if (row) await checkLowStock(tx, row);
    }
    return { ok: true, message: `${before.name}: threshold ${threshold}, supplier ${supplier ?? "not set"}` };
  });
}
