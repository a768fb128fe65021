import { asc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { orderEvents, orderItems, orders } from "./schema";

/** An order with its lines and status timeline, or null. */
export async function getOrder(orderId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, events] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return { ...order, items, events };
}

export type TOrderDetail = NonNullable<Awaited<ReturnType<typeof getOrder>>>;
