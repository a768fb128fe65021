import { getOrder } from "./get-order";

/** An order, only when it belongs to this customer: another user's order id is simply not found. */
export async function getOrderForCustomer(orderId: string, userId: string) {
  const order = await getOrder(orderId);
  return order && order.userId === userId ? order : null;
}
