import { eq } from "drizzle-orm";
import { parseOrderNumber } from "@domain/orders/order-filters";
import { getDb } from "../db/client";
import { getOrder } from "./get-order";
import { orders } from "./schema";

/** An order by its id or by the number people read (ZV-100001), so staff can type the address. */
export async function findOrder(reference: string) {
  const number = parseOrderNumber(reference);
  if (number === null) return getOrder(reference);
  const [found] = await getDb().select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return found ? getOrder(found.id) : null;
}
