import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { orders, subOrderEvents, subOrders } from "../orders/schema";

/**
 * How fast a store accepts paid orders (docs/product/marketplace.md#storefronts): the median hours from payment to the
 * seller's accept over its last 20 accepted orders; null before its first.
 */
export async function sellerResponseHours(sellerId: string): Promise<number | null> {
  const recent = getDb()
    .select({ hours: sql<number>`extract(epoch from (${subOrderEvents.createdAt} - ${orders.paidAt})) / 3600`.as("hours") })
    .from(subOrderEvents)
    .innerJoin(subOrders, eq(subOrders.id, subOrderEvents.subOrderId))
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(and(eq(subOrders.sellerId, sellerId), eq(subOrderEvents.toStatus, "processing"), isNotNull(orders.paidAt)))
    .orderBy(sql`${subOrderEvents.createdAt} desc`)
    .limit(20)
    .as("recent");
  const [row] = await getDb()
    .select({ median: sql<number | null>`percentile_cont(0.5) within group (order by ${recent.hours})` })
    .from(recent);
  return row?.median === null || row?.median === undefined ? null : Math.max(0, Number(row.median));
}
