import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { eraseMentions, personNeedles } from "../db/erase-text";
import { webhookEvents } from "./schema";

/**
 * Payment records keep amounts, references and outcomes (docs/product/privacy-requests.md): they hold no name of their
 * own. The payment providers' webhooks we stored carry the customer's e-mail, name or phone: those are replaced.
 */
export async function forgetPaymentPayloads(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  return { rows: await eraseMentions(tx, webhookEvents, [webhookEvents.payload], personNeedles(p)) };
}
