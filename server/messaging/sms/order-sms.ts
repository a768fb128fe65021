import { formatKobo } from "@domain/money/money";
import { formatOrderNumber } from "@domain/orders/order-status";
import type { DbOrTx } from "../../db/client";
import { enqueueSms } from "../enqueue-sms";

/** The text to the delivery phone when an order is placed, queued in the order's transaction. */
export function queueOrderReceivedSms(tx: DbOrTx, phone: string, orderNumber: string, totalKobo: number) {
  return enqueueSms(
    tx,
    "order_received_sms",
    phone,
    `Zavolah: we have received order ${orderNumber} (${formatKobo(totalKobo)}). We will text you when it ships.`,
  );
}

/** The promised text when the order ships; pay on delivery is reminded of the amount. */
export function queueOrderShippedSms(tx: DbOrTx, order: { phone: string; number: number; paymentMethod: string; totalKobo: number }) {
  const cash = order.paymentMethod === "pay_on_delivery" ? ` Please have ${formatKobo(order.totalKobo)} ready.` : "";
  return enqueueSms(
    tx,
    "order_shipped_sms",
    order.phone,
    `Zavolah: order ${formatOrderNumber(order.number)} is on its way. The rider will call you before arriving.${cash}`,
  );
}
