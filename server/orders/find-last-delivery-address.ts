import { desc, eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { orders } from "./schema";

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
