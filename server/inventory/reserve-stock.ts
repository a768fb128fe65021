import { and, eq, inArray, sql } from "drizzle-orm";
import { products, productVariants } from "../catalog/schema";
import type { DbOrTx } from "../db/client";
import { availableSql } from "./available-stock";
import { lockLineVariants } from "./lock-variant-stock";
import { stockReservations } from "./schema";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { lineName } from "@domain/catalog/line-name";

export type TStockLine = { variantId: number; quantity: number };

/**
 * Holds stock for an order until `expiresAt`. The variant rows are locked first (in id order, so two
 * checkouts cannot deadlock; NO KEY UPDATE so the foreign-key locks that order_items and reservations take
 * on the same rows do not deadlock with it), then availability is read in a new statement: under READ COMMITTED that
 * statement sees every reservation committed by whoever held the lock before us, so stock is never sold twice. A
 * refusal names what is short; the caller rolls its transaction back.
 */
export async function reserveStock(tx: DbOrTx, orderId: string, lines: TStockLine[], expiresAt: Date): Promise<TResult> {
  const ids = await lockLineVariants(tx, lines);
  const rows = await tx
    .select({ id: productVariants.id, name: products.name, variant: productVariants.name, available: availableSql() })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), eq(products.active, true)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const short: string[] = [];
  for (const line of lines) {
    const row = byId.get(line.variantId);
    if (!row) return refuse("conflict", "An item in your cart is no longer sold. Remove it and try again.");
    const available = Number(row.available);
    if (available < line.quantity) {
      const label = lineName({ productName: row.name, variantName: row.variant });
      short.push(available <= 0 ? `${label} is out of stock` : `only ${available} of ${label} left`);
    }
  }
  if (short.length > 0) return refuse("conflict", `Sorry, ${short.join("; ")}. Update your cart and try again.`);
  await tx.insert(stockReservations).values(lines.map((l) => ({ orderId, variantId: l.variantId, quantity: l.quantity, expiresAt })));
  return succeed();
}

/** Gives an order's held stock back (cancelled, or its payment window ran out). */
export async function releaseOrderStock(tx: DbOrTx, orderId: string): Promise<void> {
  await tx
    .update(stockReservations)
    .set({ status: "released", closedAt: sql`now()` })
    .where(and(eq(stockReservations.orderId, orderId), eq(stockReservations.status, "active")));
}
