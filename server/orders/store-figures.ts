import { and, count, eq, gte, inArray, sum } from "drizzle-orm";
import { lagosDayStart, lagosToday } from "@domain/time/lagos-time";
import { getDb } from "../db/client";
import { countLowStock } from "../inventory/list-inventory";
import { orders } from "./schema";

/** Statuses whose money has arrived (refunded and cancelled orders are not revenue). */
const EARNED = ["paid", "processing", "shipped", "delivered"];

/**
 * The admin dashboard's figures from real data, in Lagos days: orders placed today, revenue this month
 * (orders paid this month and not refunded), orders awaiting payment and variants under their threshold.
 */
export async function getStoreFigures(now = new Date()) {
  const today = lagosToday(now);
  const dayStart = lagosDayStart(today);
  const monthStart = lagosDayStart(`${today.slice(0, 8)}01`);
  const db = getDb();
  const [[placed], [revenue], [awaiting], lowStock] = await Promise.all([
    db.select({ n: count() }).from(orders).where(gte(orders.createdAt, dayStart)),
    db
      .select({ kobo: sum(orders.totalKobo) })
      .from(orders)
      .where(and(inArray(orders.status, EARNED), gte(orders.paidAt, monthStart))),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "pending_payment")),
    countLowStock(db),
  ]);
  return {
    ordersToday: Number(placed?.n ?? 0),
    revenueThisMonthKobo: Number(revenue?.kobo ?? 0),
    awaitingPayment: Number(awaiting?.n ?? 0),
    lowStock,
  };
}
