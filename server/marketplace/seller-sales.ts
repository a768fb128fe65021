import { and, eq, gte, notInArray, sql } from "drizzle-orm";
import { fillSalesWeeks, SALES_WEEKS, type TSalesWeek } from "@domain/marketplace/sales";
import { getDb } from "../db/client";
import { orders, subOrders } from "../orders/schema";

/**
 * A store's paid sales (goods, before commission) by Lagos week for the last 12 weeks (docs/product/marketplace.md#sales-chart).
 * Parts awaiting payment, cancelled or refunded do not count.
 */
export async function sellerSalesByWeek(sellerId: string, now = new Date()): Promise<TSalesWeek[]> {
  const week = sql<string>`to_char(date_trunc('week', ${orders.paidAt} at time zone 'Africa/Lagos'), 'YYYY-MM-DD')`;
  const rows = await getDb()
    .select({
      weekStart: week,
      goodsKobo: sql<string>`sum(${subOrders.subtotalKobo})`,
      orders: sql<number>`count(*)::int`,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(
      and(
        eq(subOrders.sellerId, sellerId),
        notInArray(subOrders.status, ["pending_payment", "cancelled", "refunded"]),
        gte(orders.paidAt, new Date(now.getTime() - (SALES_WEEKS + 1) * 7 * 86_400_000)),
      ),
    )
    .groupBy(week);
  return fillSalesWeeks(
    rows.map((r) => ({ weekStart: r.weekStart, goodsKobo: Number(r.goodsKobo), orders: r.orders })),
    now,
  );
}
