import { and, asc, eq, gt, lte, ne, or } from "drizzle-orm";
import {
  cartValueKobo,
  DAY_MS,
  HOUR_MS,
  MAX_CART_REMINDERS,
  RECOVERY_WINDOW_DAYS,
  REMINDER_SPACING_HOURS,
} from "@domain/cart/abandoned-carts";
import { users } from "../auth/schema";
import { unsubscribeUrlNamingAddress } from "../content/newsletter/newsletter-tokens";
import { getDb } from "../db/client";
import { publicUrl } from "../env";
import { cartReminderEmail } from "../messaging/cart-emails";
import { enqueueEmail } from "../messaging/enqueue-email";
import { getSettings } from "../settings/get-settings";
import { abandonedItemsOf } from "./abandoned-cart-snapshot";
import { cartRestoreUrl } from "./cart-restore-token";
import { readCartLines } from "./read-cart";
import { endAbandonment, reasonToStop } from "./record-abandoned-carts";
import { reminderConsentFor } from "./reminder-consent";
import { cartAbandonments, carts } from "./schema";

// The sending half of the abandoned-cart job (docs/product/store-and-orders.md#abandoned-carts).

/** At most this many reminders a run; the next run takes the rest. */
const BATCH = 200;

/**
 * Sends the reminders that are due: the first as soon as a cart is recorded, the second once the set gap
 * (`abandonedCartSecondReminderHours`) has passed since the first, never more than two, never after the reminder window.
 * Each one is checked again just before it goes: the cart unchanged, the person still willing. Returns how many were queued.
 */
export async function sendCartReminders(now = new Date()): Promise<number> {
  const settings = await getSettings();
  if (!settings.abandonedCartReminders) return 0;
  const secondAfter = new Date(now.getTime() - settings.abandonedCartSecondReminderHours * HOUR_MS);
  const due = await getDb()
    .select({ id: cartAbandonments.id })
    .from(cartAbandonments)
    .where(
      and(
        eq(cartAbandonments.status, "open"),
        gt(cartAbandonments.abandonedAt, new Date(now.getTime() - RECOVERY_WINDOW_DAYS * DAY_MS)),
        or(
          eq(cartAbandonments.remindersSent, 0),
          and(eq(cartAbandonments.remindersSent, 1), lte(cartAbandonments.lastReminderAt, secondAfter)),
        ),
      ),
    )
    .orderBy(asc(cartAbandonments.abandonedAt))
    .limit(BATCH);
  let sent = 0;
  for (const { id } of due) if (await sendOneReminder(id, now, secondAfter)) sent += 1;
  return sent;
}

/** One reminder in one short transaction: the cart row is locked, so a cart write or an order waits for it. */
async function sendOneReminder(id: number, now: Date, secondAfter: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [r] = await tx.select().from(cartAbandonments).where(eq(cartAbandonments.id, id)).for("update");
    if (!r || r.status !== "open" || r.remindersSent >= MAX_CART_REMINDERS) return false;
    if (r.remindersSent === 1 && (!r.lastReminderAt || r.lastReminderAt > secondAfter)) return false;
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, r.cartId)).for("update");

    const stop = await reasonToStop(tx, r, now);
    if (stop) {
      await endAbandonment(tx, r.id, stop, now);
      return false;
    }
    const [person] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, r.userId));
    if (!person) return false;
    const consent = (await reminderConsentFor(tx, [{ userId: r.userId, email: person.email }])).get(r.userId)!;
    if (!consent.ok) {
      await endAbandonment(tx, r.id, consent.reason, now);
      return false;
    }
    // A newer abandonment waits until a day after the person's last cart reminder: never two at once.
    if (r.remindersSent === 0) {
      const [recent] = await tx
        .select({ id: cartAbandonments.id })
        .from(cartAbandonments)
        .where(
          and(
            eq(cartAbandonments.userId, r.userId),
            ne(cartAbandonments.id, r.id),
            gt(cartAbandonments.lastReminderAt, new Date(now.getTime() - REMINDER_SPACING_HOURS * HOUR_MS)),
          ),
        )
        .limit(1);
      if (recent) return false;
    }

    const items = abandonedItemsOf(await readCartLines(r.cartId, tx));
    const reminder = r.remindersSent + 1;
    await enqueueEmail(
      tx,
      "cart_reminder",
      { email: person.email, name: person.name },
      cartReminderEmail(
        {
          customerName: person.name,
          items,
          valueKobo: cartValueKobo(items),
          reminder,
          restoreUrl: cartRestoreUrl(r.id),
          unsubscribeUrl: unsubscribeUrlNamingAddress(person.email),
        },
        publicUrl(),
      ),
      { marketing: true },
    );
    const last = reminder >= MAX_CART_REMINDERS;
    await tx
      .update(cartAbandonments)
      .set({
        remindersSent: reminder,
        firstReminderAt: r.firstReminderAt ?? now,
        lastReminderAt: now,
        consentBasis: consent.basis,
        ...(last ? { status: "ended", endReason: "all_sent", endedAt: now } : {}),
      })
      .where(eq(cartAbandonments.id, r.id));
    return true;
  });
}
