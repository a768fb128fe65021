import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { products, productVariants } from "../catalog/schema";
import { setVariantOnHand } from "../catalog/set-variant-on-hand";
import { raiseAlert } from "../alerts/raise-alert";
import type { DbOrTx } from "../db/client";
import { heldSql } from "./available-stock";
import { lockLineVariants } from "./lock-variant-stock";
import { raiseLowStockAlert } from "./low-stock-alert";
import { stockReservations } from "./schema";
import type { TStockLine } from "./reserve-stock";

/**
 * Takes an order's goods off the shelf when it is paid (or confirmed for pay on delivery): on hand goes down
 * and the reservations are closed as converted. If a reservation had lapsed and the stock went to someone
 * else meanwhile, the order keeps its payment and an admin alert asks for a restock or a refund; nothing a
 * customer paid for is dropped silently. Variants that fall below their threshold raise a low-stock alert.
 */
export async function commitOrderStock(
  tx: DbOrTx,
  order: { id: string; label: string },
  lines: TStockLine[],
): Promise<{ short: number[] }> {
  const ids = await lockLineVariants(tx, lines);
  if (ids.length === 0) return { short: [] };
  // What others hold: unexpired active reservations of other orders.
  const othersHold = heldSql(order.id);
  const rows = await tx
    .select({
      id: productVariants.id,
      onHand: productVariants.onHand,
      othersHold,
      threshold: products.lowStockThreshold,
      name: products.name,
      variant: productVariants.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const short: number[] = [];
  for (const line of lines) {
    const row = byId.get(line.variantId);
    if (!row) continue; // the variant was deleted; the order line keeps its copied name and price
    const free = row.onHand - Number(row.othersHold);
    if (free < line.quantity) {
      short.push(line.variantId);
      continue;
    }
    row.onHand -= line.quantity;
    await setVariantOnHand(tx, line.variantId, row.onHand);
  }
  await tx
    .update(stockReservations)
    .set({ status: "converted", closedAt: sql`now()` })
    .where(and(eq(stockReservations.orderId, order.id), ne(stockReservations.status, "released")));
  if (short.length > 0) {
    await raiseAlert(tx, {
      type: "stock_shortfall",
      title: `Order ${order.label} paid but short of stock`,
      message: `The stock held for ${order.label} lapsed before payment and was sold meanwhile (${short.length} item${short.length === 1 ? "" : "s"}). Restock or refund the customer.`,
      severity: "high",
      dedupeKey: `stock-shortfall:${order.id}`,
    });
  }
  for (const row of byId.values()) await raiseLowStockAlert(tx, row);
  return { short };
}
