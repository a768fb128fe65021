import { and, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { ORDERS_PAGE_SIZE, parseOrderNumber } from "@domain/orders/order-filters";
import { type TOrderFilters } from "@domain/orders/order-filters-input";
import { addDays, lagosDayStart } from "@domain/time/lagos-time";
import { containsTerm } from "../db/contains-term";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { orders as o } from "./schema";

/**
 * The staff list of orders, newest first, one page at a time: by status, payment method, placed date
 * (Lagos calendar days, both ends included) and a search by order number, customer e-mail or name.
 */
export async function listOrders(filters: TOrderFilters) {
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
  const condition = where.length ? and(...where) : undefined;

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
        .orderBy(desc(o.createdAt), desc(o.number))
        .limit(limit)
        .offset(offset),
  );
}
