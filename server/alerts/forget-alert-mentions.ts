import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { eraseMentions, personNeedles } from "../db/erase-text";
import { adminAlerts } from "./schema";

/** Admin alerts that name the person (a refund to make, a payment to check) keep their facts without the name (docs/product/privacy-requests.md). */
export async function forgetAlertMentions(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  return { rows: await eraseMentions(tx, adminAlerts, [adminAlerts.title, adminAlerts.message], personNeedles(p)) };
}
