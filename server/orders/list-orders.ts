import { addDays } from "@domain/appointments/appointments";
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { lagosDayStart, ORDERS_PAGE_SIZE, parseOrderNumber, type TOrderFilters } from "@domain/orders/order-filters";
import { getDb } from "../db/client";
import { orders as o } from "./schema";

/** `%` and `_` typed in the search box are literal characters, not wildcards. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
    const term = likeTerm(filters.q);
    where.push(number !== null ? eq(o.number, number) : or(ilike(o.email, term), ilike(o.customerName, term))!);
  }
  const condition = where.length ? and(...where) : undefined;

  const db = getDb();
  const [{ total }] = (await db.select({ total: count() }).from(o).where(condition)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
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
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  return { rows, total, page, pageCount };
}
