import { and, asc, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { ORDERS_PAGE_SIZE, parseOrderNumber, type TOrderSort } from "@domain/orders/order-filters";
import { type TOrderFilters } from "@domain/orders/order-filters-input";
import { addDays, lagosDayStart } from "@domain/time/lagos-time";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { orders as o } from "./schema";

/**
 * Which orders the staff list's filters keep: by status, payment method, placed date (Lagos calendar days, both
 * ends included) and a search by order number, customer e-mail or name. The list and its CSV download share it.
 */
export function ordersMatching(filters: TOrderFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.status !== "all") where.push(eq(o.status, filters.status));
  if (filters.method !== "all") where.push(eq(o.paymentMethod, filters.method));
  if (filters.from) where.push(gte(o.createdAt, lagosDayStart(filters.from)));
  if (filters.to) where.push(lt(o.createdAt, lagosDayStart(addDays(filters.to, 1))));
  if (filters.q) {
    const number = parseOrderNumber(filters.q);
    const term = containsTerm(filters.q);
    where.push(number !== null ? eq(o.number, number) : or(ilike(o.email, term), ilike(o.customerName, term))!);
  }
  return where.length ? and(...where) : undefined;
}

/** The order the list is read in; the order number breaks ties, so paging never repeats or skips a row. */
export const ORDERS_SORTED_BY: Record<TOrderSort, SQL[]> = {
  newest: [desc(o.createdAt), desc(o.number)],
  oldest: [asc(o.createdAt), asc(o.number)],
  "total-high": [desc(o.totalKobo), desc(o.number)],
  "total-low": [asc(o.totalKobo), desc(o.number)],
};

/** The staff list of orders, one page at a time, filtered and sorted as chosen (newest first by default). */
export async function listOrders(filters: TOrderFilters) {
  const condition = ordersMatching(filters);
  const db = getDb();
  return paginate(
    filters.page,
    ORDERS_PAGE_SIZE,
    () => db.$count(o, condition),
    ({ limit, offset }) =>
      db
        .select({
          id: o.id,
          number: o.number,
          customerName: o.customerName,
          email: o.email,
          totalKobo: o.totalKobo,
          paymentMethod: o.paymentMethod,
          status: o.status,
          createdAt: o.createdAt,
        })
        .from(o)
        .where(condition)
        .orderBy(...ORDERS_SORTED_BY[filters.sort])
        .limit(limit)
        .offset(offset),
  );
}
