import { and, desc, eq, gt, gte, ne, sql, type SQL } from "drizzle-orm";
import {
  ABANDONED_CARTS_PAGE_SIZE,
  DAY_MS,
  FIGURES_DAYS,
  type TAbandonedCartFigures,
  type TAbandonmentState,
} from "@domain/cart/abandoned-carts";
import type { TAbandonedCartFilters } from "@domain/cart/abandoned-cart-filters-input";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { orders } from "../orders/schema";
import { cartAbandonments as a } from "./schema";

const STATE_CONDITION: Record<TAbandonmentState, SQL> = {
  waiting: and(eq(a.status, "open"), eq(a.remindersSent, 0))!,
  reminded: and(gt(a.remindersSent, 0), ne(a.status, "recovered"))!,
  recovered: eq(a.status, "recovered"),
  not_remindable: and(eq(a.status, "ended"), eq(a.remindersSent, 0))!,
};

/** The staff list (docs/product/store-and-orders.md#abandoned-carts): newest abandonment first, by state, a page at a time. */
export async function listAbandonedCarts(filters: TAbandonedCartFilters) {
  const where = filters.state === "all" ? undefined : STATE_CONDITION[filters.state];
  const db = getDb();
  const page = await paginate(
    filters.page,
    ABANDONED_CARTS_PAGE_SIZE,
    () => db.$count(a, where),
    ({ limit, offset }) =>
      db
        .select({
          id: a.id,
          customerName: a.customerName,
          email: a.email,
          items: a.items,
          valueKobo: a.valueKobo,
          abandonedAt: a.abandonedAt,
          status: a.status,
          endReason: a.endReason,
          consentBasis: a.consentBasis,
          remindersSent: a.remindersSent,
          lastReminderAt: a.lastReminderAt,
          restoredAt: a.restoredAt,
          recoveredAt: a.recoveredAt,
          recoveredValueKobo: a.recoveredValueKobo,
          orderId: orders.id,
          orderNumber: orders.number,
        })
        .from(a)
        .leftJoin(orders, eq(orders.id, a.recoveredOrderId))
        .where(where)
        .orderBy(desc(a.abandonedAt), desc(a.id))
        .limit(limit)
        .offset(offset),
  );
  return page;
}

/**
 * The figures over carts abandoned in the last 30 days: how many, how many were reminded, how many an order brought
 * back and what those orders were worth. The recovery rate is recovered out of reminded (recoveryRatePercent).
 */
export async function abandonedCartFigures(now = new Date()): Promise<TAbandonedCartFigures> {
  const [row] = await getDb()
    .select({
      abandoned: sql<number>`count(*)::int`,
      reminded: sql<number>`(count(*) filter (where ${a.remindersSent} > 0))::int`,
      recovered: sql<number>`(count(*) filter (where ${a.status} = 'recovered'))::int`,
      recoveredValueKobo: sql<string>`coalesce(sum(${a.recoveredValueKobo}) filter (where ${a.status} = 'recovered'), 0)::bigint`,
    })
    .from(a)
    .where(gte(a.abandonedAt, new Date(now.getTime() - FIGURES_DAYS * DAY_MS)));
  return {
    abandoned: Number(row?.abandoned ?? 0),
    reminded: Number(row?.reminded ?? 0),
    recovered: Number(row?.recovered ?? 0),
    recoveredValueKobo: Number(row?.recoveredValueKobo ?? 0),
  };
}
