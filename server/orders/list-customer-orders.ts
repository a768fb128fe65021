import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { getOrder, type TOrderDetail } from "./get-order";
import { orders } from "./schema";

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
