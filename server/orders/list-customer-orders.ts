import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { getOrder, type TOrderDetail } from "./get-order";
import { orderItems, orders } from "./schema";

/** A customer's orders, newest first, with their lines. */
export async function listCustomerOrders(userId: string) {
  const rows = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  const details = await Promise.all(rows.map((o) => getOrder(o.id)));
  return details.filter((d): d is TOrderDetail => d !== null);
}

/**
 * A page of a customer's orders for the JSON gateway (docs/product/api-gateway.md#lists), newest first, with their
 * lines: `afterNumber` is the last order of the page before (its place in the order is read from the row, to the
 * microsecond). Takes two statements whatever the page's size. Fetches one more than asked, so the caller knows
 * whether another page follows.
 */
export async function listCustomerOrdersAfter(userId: string, afterNumber: number | null, limit: number) {
  const db = getDb();
  const page = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        afterNumber === null
          ? undefined
          : sql`(${orders.createdAt}, ${orders.number}) < (select o.created_at, o.number from orders o where o.number = ${afterNumber})`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit + 1);
  const items = page.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            page.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  return page.map((o) => ({ ...o, items: items.filter((i) => i.orderId === o.id) }));
}

/** One of the customer's orders by the number people read, with its lines and timeline; null for anyone else's. */
export async function getCustomerOrderByNumber(userId: string, number: number) {
  const [found] = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.userId, userId)));
  return found ? getOrder(found.id) : null;
}
