import { and, countDistinct, eq, gte, inArray, or, isNull, ne, sql } from "drizzle-orm";
import { channelOfLine, rollUpSales, salesStartDay, type TSalesOverTime, type TSalesPeriod } from "@domain/analytics/sales";
import { lagosDayStart } from "@domain/time/lagos-time";
import { courseIntakes, courses } from "../academy/schema";
import { products, productVariants } from "../catalog/schema";
import { getDb } from "../db/client";
import { marketplaceListings } from "../marketplace/schema";
import { orderItems, orders, subOrders } from "./schema";

/** Statuses whose money has arrived (refunded and cancelled orders are not sales). */
const EARNED = ["paid", "processing", "shipped", "delivered"];

const ZAVCHARGE_CATEGORY: Record<string, string> = { wallet_topup: "Wallet top-ups", plan_renewal: "Plan renewals" };

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
        category: sql<string | null>`coalesce(${products.category}, ${courses.category}, ${marketplaceListings.category})`,
        kobo: sql<string>`sum(${orderItems.lineTotalKobo})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(subOrders, eq(subOrders.id, orderItems.subOrderId))
      .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .leftJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(courseIntakes, eq(courseIntakes.id, orderItems.courseIntakeId))
      .leftJoin(courses, eq(courses.id, courseIntakes.courseId))
      .leftJoin(marketplaceListings, eq(marketplaceListings.id, orderItems.listingId))
      .where(and(paidInPeriod, or(isNull(subOrders.id), ne(subOrders.status, "refunded"))))
      .groupBy(day, orderItems.kind, products.category, courses.category, marketplaceListings.category),
    db
      .select({ day, orders: countDistinct(orders.id) })
      .from(orders)
      .where(paidInPeriod)
      .groupBy(day),
  ]);
  return rollUpSales(
    lines.map((l) => ({
      day: l.day,
      channel: channelOfLine(l.kind),
      category: ZAVCHARGE_CATEGORY[l.kind] ?? l.category ?? "Other",
      kobo: Number(l.kobo),
    })),
    orderRows.map((o) => ({ day: o.day, orders: Number(o.orders) })),
    period,
    now,
  );
}
