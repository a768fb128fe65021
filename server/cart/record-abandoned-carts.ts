import { and, eq, sql } from "drizzle-orm";
import { cartFingerprint, cartValueKobo, DAY_MS, HOUR_MS, RECOVERY_WINDOW_DAYS, type TEndReason } from "@domain/cart/abandoned-carts";
import { users } from "../auth/schema";
import { getDb, type DbOrTx } from "../db/client";
import { getSettings } from "../settings/get-settings";
import { abandonedItemsOf, asTimestamp, cartTouchedAt, cartTouchedAtSql } from "./abandoned-cart-snapshot";
import { readCartLines } from "./read-cart";
import { reminderConsentFor } from "./reminder-consent";
import { cartAbandonments, cartItems, carts } from "./schema";

// The recording half of the abandoned-cart job (docs/product/store-and-orders.md#abandoned-carts); send-cart-reminders.ts
// sends. Carts of signed-in customers only: checkout needs an account, so a guest's cart has no address to write to.

/** At most this many new records a run; the next run takes the rest. */
const BATCH = 500;

/** Ends an open record, unless something else (an order) ended it first. */
export async function endAbandonment(db: DbOrTx, id: number, reason: TEndReason, now: Date) {
  await db
    .update(cartAbandonments)
    .set({ status: "ended", endReason: reason, endedAt: now })
    .where(and(eq(cartAbandonments.id, id), eq(cartAbandonments.status, "open")));
}

/**
 * Why an open record should stop, if it should: its cart was emptied, or touched or changed since it was left (the
 * person came back), or the reminder window passed. Null: it still stands.
 */
export async function reasonToStop(
  db: DbOrTx,
  r: { cartId: string; abandonedAt: Date; items: Parameters<typeof cartFingerprint>[0] },
  now: Date,
): Promise<TEndReason | null> {
  if (r.abandonedAt.getTime() <= now.getTime() - RECOVERY_WINDOW_DAYS * DAY_MS) return "window_passed";
  const lines = await readCartLines(r.cartId, db);
  if (lines.length === 0) return "cart_emptied";
  const touched = await cartTouchedAt(r.cartId, db);
  if (!touched || touched > r.abandonedAt) return "cart_changed";
  return cartFingerprint(abandonedItemsOf(lines)) === cartFingerprint(r.items) ? null : "cart_changed";
}

/** Open records whose cart changed, emptied or aged out are ended, so they get no reminder. */
async function closeStaleAbandonments(now: Date): Promise<number> {
  const db = getDb();
  const open = await db
    .select({
      id: cartAbandonments.id,
      cartId: cartAbandonments.cartId,
      abandonedAt: cartAbandonments.abandonedAt,
      items: cartAbandonments.items,
    })
    .from(cartAbandonments)
    .where(eq(cartAbandonments.status, "open"));
  let closed = 0;
  for (const r of open) {
    const reason = await reasonToStop(db, r, now);
    if (!reason) continue;
    await endAbandonment(db, r.id, reason, now);
    closed += 1;
  }
  return closed;
}

/**
 * Records every customer's cart with items that nobody touched for the set time (the `abandonedCartAfterHours` setting)
 * and at most the reminder window: one record per cart and touch, with its lines, value and whether its owner may be
 * reminded. Older carts are left alone, so switching the job on never e-mails people about months-old carts.
 */
export async function recordAbandonedCarts(now = new Date()): Promise<{ recorded: number; closed: number }> {
  const closed = await closeStaleAbandonments(now);
  const { abandonedCartAfterHours } = await getSettings();
  const latest = new Date(now.getTime() - abandonedCartAfterHours * HOUR_MS);
  const earliest = new Date(now.getTime() - RECOVERY_WINDOW_DAYS * DAY_MS);
  const db = getDb();
  const candidates = await db
    .select({
      cartId: carts.id,
      userId: users.id,
      email: users.email,
      name: users.name,
      touchedAt: cartTouchedAtSql.mapWith((v: string | Date) => new Date(v)),
    })
    .from(carts)
    .innerJoin(users, and(eq(users.id, carts.userId), eq(users.role, "customer")))
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .groupBy(carts.id, users.id)
    .having(
      and(
        sql`${cartTouchedAtSql} <= ${asTimestamp(latest)}`,
        sql`${cartTouchedAtSql} > ${asTimestamp(earliest)}`,
        sql`not exists (select 1 from ${cartAbandonments} where ${cartAbandonments.cartId} = ${carts.id} and ${cartAbandonments.abandonedAt} >= ${cartTouchedAtSql})`,
      ),
    )
    .limit(BATCH);
  if (candidates.length === 0) return { recorded: 0, closed };

  const consent = await reminderConsentFor(db, candidates);
  let recorded = 0;
  for (const c of candidates) {
    const lines = await readCartLines(c.cartId, db);
    if (lines.length === 0) continue;
    const items = abandonedItemsOf(lines);
    const allowed = consent.get(c.userId)!;
    const inserted = await db
      .insert(cartAbandonments)
      .values({
        cartId: c.cartId,
        userId: c.userId,
        email: c.email,
        customerName: c.name,
        items,
        valueKobo: cartValueKobo(items),
        abandonedAt: c.touchedAt,
        recordedAt: now,
        ...(allowed.ok
          ? { status: "open", consentBasis: allowed.basis }
          : { status: "ended", endReason: allowed.reason, endedAt: now, consentBasis: null }),
      })
      .onConflictDoNothing()
      .returning({ id: cartAbandonments.id });
    recorded += inserted.length;
  }
  return { recorded, closed };
}
