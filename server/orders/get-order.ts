import { asc, desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "../db/client";
import { orderEvents, orderItems, orders } from "./schema";

/** An order with its lines and status timeline, or null. */
export async function getOrder(orderId: string, db: DbOrTx = getDb()) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, events] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return { ...order, items, events };
}

/** The same, only when it belongs to this customer: another user's order id is simply not found. */
export async function getOrderForCustomer(orderId: string, userId: string) {
  const order = await getOrder(orderId);
  return order && order.userId === userId ? order : null;
}

export type TOrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

/** A customer's orders, newest first, with their lines. */
export async function listCustomerOrders(userId: string) {
  const db = getDb();
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const details = await Promise.all(rows.reverse().map((o) => getOrder(o.id, db)));
  return details.filter((d): d is TOrderDetail => d !== null);
}

export async function findOrderByNumber(number: number) {
  const [order] = await getDb().select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return order ?? null;
}

/** The address of the customer's latest order, to fill the next checkout form. */
export async function findLastDeliveryAddress(userId: string) {
  const [last] = await getDb()
    .select({ fullName: orders.customerName, phone: orders.phone, addressLine: orders.addressLine, city: orders.city, state: orders.state })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return last ?? null;
}
