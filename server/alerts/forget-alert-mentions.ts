import { or } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { erasedText, mentions, personNeedles } from "../db/erase-text";
import { adminAlerts } from "./schema";

/** Admin alerts that name the person (a refund to make, a payment to check) keep their facts without the name (docs/product/privacy-requests.md). */
export async function forgetAlertMentions(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const needles = personNeedles(p);
  const rows = await tx
    .update(adminAlerts)
    .set({ title: erasedText(adminAlerts.title, needles), message: erasedText(adminAlerts.message, needles) })
    .where(or(mentions(adminAlerts.title, needles), mentions(adminAlerts.message, needles)))
    .returning({ id: adminAlerts.id });
  return { rows: rows.length };
}
