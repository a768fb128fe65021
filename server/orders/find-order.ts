import { parseOrderNumber } from "@domain/orders/order-filters";
import { findOrderByNumber, getOrder } from "./get-order";

/** An order by its id or by the number people read (ZV-100001), so staff can type the address. */
export async function findOrder(reference: string) {
  const number = parseOrderNumber(reference);
  if (number === null) return getOrder(reference);
  const found = await findOrderByNumber(number);
  return found ? getOrder(found.id) : null;
}
