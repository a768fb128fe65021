import { lt } from "drizzle-orm";
import { ABANDONED_CART_RETENTION_DAYS, DAY_MS } from "@domain/cart/abandoned-carts";
import { getDb } from "../db/client";
import type { TJob } from "../jobs/scheduler";
import { log } from "../log";
import { recordAbandonedCarts } from "./record-abandoned-carts";
import { cartAbandonments } from "./schema";
import { sendCartReminders } from "./send-cart-reminders";

/** Records older than a year are deleted: the figures look back 30 days, the list a few weeks. */
export async function pruneAbandonedCarts(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_CART_RETENTION_DAYS * DAY_MS);
  const gone = await getDb()
    .delete(cartAbandonments)
    .where(lt(cartAbandonments.abandonedAt, cutoff))
    .returning({ id: cartAbandonments.id });
  return gone.length;
}

/** One run: record newly abandoned carts (closing changed ones), send the reminders due, drop old records. */
export async function runAbandonedCarts(now = new Date()) {
  const { recorded, closed } = await recordAbandonedCarts(now);
  const reminded = await sendCartReminders(now);
  const pruned = await pruneAbandonedCarts(now);
  if (recorded || closed || reminded || pruned) log.info({ recorded, closed, reminded, pruned }, "abandoned carts");
  return { recorded, closed, reminded, pruned };
}

/**
 * Every 15 minutes (docs/product/store-and-orders.md#abandoned-carts). It touches only carts left for hours, so running it
 * now (the admin's "Run now") changes nothing for anyone shopping at this moment.
 */
export const abandonedCartJob: TJob = {
  name: "abandoned-carts",
  label: "Abandoned-cart reminders",
  description:
    "Records customers' carts left untouched for the set time and e-mails up to two reminders with a link back to the cart; stops when the cart changes, an order is placed or the person unsubscribes.",
  periodSeconds: 15 * 60,
  async run() {
    await runAbandonedCarts();
  },
};
