import { and, countDistinct, eq, gte, inArray, or, isNull, ne, sql } from "drizzle-orm";
import { rollUpSales, salesStartDay, type TSalesOverTime, type TSalesPeriod } from "@domain/analytics/sales";
import { lagosDayStart } from "@domain/time/lagos-time";
import { getDb } from "../db/client";
import { findPurchasableKind, purchasableKinds } from "./purchasable-kinds";
import { orderItems, orders, subOrders } from "./schema";

/** Statuses whose money has arrived (refunded and cancelled orders are not sales). */
const EARNED = ["paid", "processing", "shipped", "delivered"];

/**
 * Paid goods over the last 30 Lagos days or 12 months (docs/product/alerts-and-audit.md#sales-over-time), by channel
 * and category: line totals of orders paid in the period and not refunded or cancelled, less a seller's part refunded
 * on its own. Delivery and VAT are not sales.
 */
export async function getSalesOverTime(period: TSalesPeriod, now = new Date()): Promise<TSalesOverTime> {
  const since = lagosDayStart(salesStartDay(period, now));
  const day = sql<string>`to_char(${orders.paidAt} at time zone 'Africa/Lagos', 'YYYY-MM-DD')`;
  const paidInPeriod = and(inArray(orders.status, EARNED), gte(orders.paidAt, since));
  const db = getDb();
  const [lines, orderRows] = await Promise.all([
    db
      .select({
        day,
        kind: orderItems.kind,
        variantId: orderItems.variantId,
        courseIntakeId: orderItems.courseIntakeId,
        zavchargeAccountId: orderItems.zavchargeAccountId,
        zavchargePlanId: orderItems.zavchargePlanId,
        listingId: orderItems.listingId,
        itemRef: orderItems.itemRef,
        kobo: sql<string>`sum(${orderItems.lineTotalKobo})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(subOrders, eq(subOrders.id, orderItems.subOrderId))
      .where(and(paidInPeriod, or(isNull(subOrders.id), ne(subOrders.status, "refunded"))))
      .groupBy(
        day,
        orderItems.kind,
        orderItems.variantId,
        orderItems.courseIntakeId,
        orderItems.zavchargeAccountId,
        orderItems.zavchargePlanId,
        orderItems.listingId,
        orderItems.itemRef,
      ),
    db
      .select({ day, orders: countDistinct(orders.id) })
      .from(orders)
      .where(paidInPeriod)
      .groupBy(day),
  ]);
  // Each kind names its channel and its lines' categories (docs/decisions/0013-one-cart-many-kinds.md).
  // (An order line keeps no chosen amount: its line total is the sale.)
  const sold = lines.map((l) => ({ ...l, amountKobo: null, quantity: 1 }));
  const categoryOf = new Map<(typeof sold)[number], string | null>();
  for (const kind of purchasableKinds()) {
    const mine = sold.filter((l) => l.kind === kind.kind);
    if (mine.length === 0) continue;
    const categories = await kind.categories(db, mine);
    mine.forEach((l, i) => categoryOf.set(l, categories[i] ?? null));
  }
  return rollUpSales(
    sold.map((l) => ({
      day: l.day,
      channel: findPurchasableKind(l.kind)?.channel ?? "store",
      category: categoryOf.get(l) ?? "Other",
      kobo: Number(l.kobo),
    })),
    orderRows.map((o) => ({ day: o.day, orders: Number(o.orders) })),
    period,
    now,
  );
}
