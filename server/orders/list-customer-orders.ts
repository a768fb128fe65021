import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { fromJson, outerColumn } from "../db/json";
import { getOrder } from "./get-order";
import { orderEvents, orderItems, orders } from "./schema";

/** An order as the customer's dashboard shows it: its totals, lines and status timeline. */
export type TCustomerOrderRow = Awaited<ReturnType<typeof listCustomerOrders>>[number];

/**
 * A customer's orders, newest first, with their lines and timelines, in one statement (each one more is a round trip
 * on every dashboard view, docs/performance.md#queries-per-request): only the columns the dashboard shows.
 */
export async function listCustomerOrders(userId: string) {
  const rows = await getDb()
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      deliveryDays: orders.deliveryDays,
      subtotalKobo: orders.subtotalKobo,
      discountKobo: orders.discountKobo,
      shippingKobo: orders.shippingKobo,
      vatKobo: orders.vatKobo,
      vatRateBasisPoints: orders.vatRateBasisPoints,
      totalKobo: orders.totalKobo,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
      items: sql<
        TJsonItem[] | string
      >`(select coalesce(json_agg(json_build_object('id', ${orderItems.id}, 'productName', ${orderItems.productName},
        'variantName', ${orderItems.variantName}, 'quantity', ${orderItems.quantity}, 'lineTotalKobo', ${orderItems.lineTotalKobo})
        order by ${orderItems.id}), '[]') from ${orderItems} where ${orderItems.orderId} = ${outerColumn(orders.id)})`,
      events: sql<
        TJsonEvent[] | string
      >`(select coalesce(json_agg(json_build_object('id', ${orderEvents.id}, 'toStatus', ${orderEvents.toStatus},
        'actorLabel', ${orderEvents.actorLabel}, 'note', ${orderEvents.note}, 'createdAt', ${orderEvents.createdAt})
        order by ${orderEvents.createdAt}, ${orderEvents.id}), '[]') from ${orderEvents} where ${orderEvents.orderId} = ${outerColumn(orders.id)})`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number));
  return rows.map((o) => ({
    ...o,
    items: fromJson(o.items),
    events: fromJson(o.events).map((e) => ({ ...e, createdAt: new Date(e.createdAt) })),
  }));
}

type TJsonItem = { id: number; productName: string; variantName: string; quantity: number; lineTotalKobo: number };
type TJsonEvent = { id: number; toStatus: string; actorLabel: string; note: string | null; createdAt: string };

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
