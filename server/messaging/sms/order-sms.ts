import { formatKobo } from "~/lib/money";
import type { DbOrTx } from "../../db/client";
import { enqueueSms } from "../enqueue-sms";

/** The text to the delivery phone when an order is placed, queued in the order's transaction. */
export function queueOrderReceivedSms(tx: DbOrTx, phone: string, orderNumber: string, totalKobo: number) {
  return enqueueSms(tx, "order_received_sms", phone, `Zavolah: we have received order ${orderNumber} (${formatKobo(totalKobo)}). We will text you when it ships.`);
}
