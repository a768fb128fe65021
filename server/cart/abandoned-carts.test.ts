import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { abandonmentNote, abandonmentState, recoveryRatePercent } from "@domain/cart/abandoned-carts";
import { createCustomer, createTestProduct, makeUser, placeTestOrder, setOnHand } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { productVariants } from "../catalog/schema";
import { newsletterSubscribers } from "../content/schema";
import { unsubscribeFromNewsletter } from "../content/newsletter/unsubscribe-from-newsletter";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { notificationPreferences } from "../notifications/schema";
import { siteSettings } from "../settings/schema";
import { runAbandonedCarts } from "./abandoned-cart-job";
import { addToCart } from "./add-to-cart";
import { cartRestoreToken } from "./cart-restore-token";
import { clearCart } from "./clear-cart";
import { abandonedCartFigures, listAbandonedCarts } from "./list-abandoned-carts";
import { readCart } from "./read-cart";
import { removeFromCart } from "./remove-from-cart";
import { restoreAbandonedCart } from "./restore-abandoned-cart";
import { cartAbandonments, cartItems, carts } from "./schema";

useTestDatabase();

const HOUR = 3_600_000;
/** The real clock: orders are stamped by the database, so the job's "now" starts here and moves forward. */
const T0 = Date.now();
const at = (hours: number) => new Date(T0 + hours * HOUR);

/** A customer with these lines in their cart, last touched `hoursAgo` before T0. */
async function customerWithCart(lines: { variantId: number; quantity: number }[], hoursAgo: number, name = "Ngozi Okafor") {
  const customer = await createCustomer(name);
  for (const l of lines) {
    const added = await addToCart({ userId: customer.userId }, { kind: "variant", ...l });
    if (!added.ok) throw new Error(added.error.message);
  }
  await leaveCart(customer.userId, hoursAgo);
  return customer;
}

/** Moves the cart's last touch back, as if the person had left it then. */
async function leaveCart(userId: string, hoursAgo: number) {
  const when = at(-hoursAgo);
  const [cart] = await getDb().update(carts).set({ updatedAt: when }).where(eq(carts.userId, userId)).returning({ id: carts.id });
  await getDb().update(cartItems).set({ addedAt: when }).where(eq(cartItems.cartId, cart!.id));
}

const recordsOf = (userId: string) =>
  getDb().select().from(cartAbandonments).where(eq(cartAbandonments.userId, userId)).orderBy(cartAbandonments.id);
const remindersTo = (email: string) =>
  getDb()
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.kind, "cart_reminder")))
    .orderBy(outbox.id);
const linkIn = (text: string, path: string) => new RegExp(`https?://\\S+${path}\\S*`).exec(text)![0];

async function setSetting(key: string, value: unknown) {
  await getDb().insert(siteSettings).values({ key, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

async function products() {
  const panel = await createTestProduct({ name: "Canadian Solar HiKu 400W Mono Panel", priceKobo: 14_200_000, onHand: 50 });
  const battery = await createTestProduct({ name: "AGM Gel Solar Battery", priceKobo: 16_500_000, onHand: 20 });
  return { panel: panel.variant.id, battery: battery.variant.id };
}

describe("recording abandoned carts", () => {
  it("records a customer's cart left for the set time, with its lines, value and the time it was left, once", async () => {
    const p = await products();
    const left = await customerWithCart(
      [
        { variantId: p.panel, quantity: 2 },
        { variantId: p.battery, quantity: 1 },
      ],
      5,
      "Bisola Adewale",
    );
    const recent = await customerWithCart([{ variantId: p.panel, quantity: 1 }], 3, "Emeka Nwosu");

    await runAbandonedCarts(at(0));
    const [record] = await recordsOf(left.userId);
    expect(record).toMatchObject({
      email: left.email,
      customerName: "Bisola Adewale",
      valueKobo: 2 * 14_200_000 + 16_500_000,
      remindersSent: 1,
      consentBasis: "account",
    });
    expect(record!.abandonedAt.getTime()).toBe(at(-5).getTime());
    expect(record!.items.map((i) => `${i.name} x ${i.quantity}`)).toEqual([
      "Canadian Solar HiKu 400W Mono Panel x 2",
      "AGM Gel Solar Battery x 1",
    ]);
    expect(await recordsOf(recent.userId)).toEqual([]);

    // The reminder: marketing mail with the lines in naira, the cart value, the way back and the unsubscribe link.
    const [mail] = await remindersTo(left.email);
    expect(mail).toMatchObject({ marketing: true, subject: "You left 3 items in your Zavolah cart" });
    expect(mail!.text).toContain("₦284,000.00");
    expect(mail!.text).toContain("Cart value");
    expect(mail!.text).toContain("₦449,000.00");
    expect(mail!.text).toContain(`/cart/restore/${cartRestoreToken(record!.id)}`);
    expect(mail!.text).toMatch(/Unsubscribe https?:\/\/\S+\/newsletter\/unsubscribe\?token=/);

    // Running again changes nothing: one record per cart and touch, no second e-mail before the gap.
    await runAbandonedCarts(at(0.5));
    expect(await recordsOf(left.userId)).toHaveLength(1);
    expect(await remindersTo(left.email)).toHaveLength(1);
  });

  it("leaves guests, staff and carts older than the reminder window alone", async () => {
    const p = await products();
    const guest = await addToCart({}, { kind: "variant", variantId: p.panel, quantity: 1 });
    if (!guest.ok) throw new Error("guest add failed");
    await getDb()
      .update(carts)
      .set({ updatedAt: at(-6) })
      .where(eq(carts.id, guest.guestCartId!));
    const staff = await makeUser("staff", "Tunde Bakare");
    await addToCart({ userId: staff.id }, { kind: "variant", variantId: p.panel, quantity: 1 });
    await leaveCart(staff.id, 6);
    const old = await customerWithCart([{ variantId: p.panel, quantity: 1 }], 8 * 24, "Kemi Alabi");

    await runAbandonedCarts(at(0));
    const records = await getDb()
      .select()
      .from(cartAbandonments)
      .where(inArray(cartAbandonments.userId, [staff.id, old.userId]));
    expect(records).toEqual([]);
    expect(await getDb().select().from(cartAbandonments).where(eq(cartAbandonments.cartId, guest.guestCartId!))).toEqual([]);
  });
});

describe("who is reminded", () => {
  it("never e-mails someone who unsubscribed or switched e-mail off: their carts are recorded as not remindable", async () => {
    const p = await products();
    const optedOut = await customerWithCart([{ variantId: p.battery, quantity: 1 }], 5, "Hauwa Garba");
    await getDb()
      .insert(newsletterSubscribers)
      .values({ email: optedOut.email, status: "unsubscribed", unsubscribedAt: at(-48), unsubscribeTokenHash: `x-${optedOut.userId}` });
    const quiet = await customerWithCart([{ variantId: p.battery, quantity: 1 }], 5, "Uche Okafor");
    await getDb().insert(notificationPreferences).values({ userId: quiet.userId, email: false });

    await runAbandonedCarts(at(0));
    for (const [person, reason] of [
      [optedOut, "Unsubscribed from our marketing e-mail"],
      [quiet, "Switched e-mail off in their preferences"],
    ] as const) {
      const [record] = await recordsOf(person.userId);
      expect(abandonmentState(record!)).toBe("not_remindable");
      expect(abandonmentNote(record!)).toBe(reason);
      expect(await remindersTo(person.email)).toEqual([]);
    }
  });

  it("reminds a signed-in customer at most twice, the second only after the gap, and names who agreed to marketing", async () => {
    const p = await products();
    const customer = await customerWithCart([{ variantId: p.panel, quantity: 1 }], 5, "Tobi Adebayo");
    await getDb().insert(notificationPreferences).values({ userId: customer.userId, marketingEmails: true });

    await runAbandonedCarts(at(0));
    await runAbandonedCarts(at(23));
    expect(await remindersTo(customer.email)).toHaveLength(1);
    await runAbandonedCarts(at(24.5));
    const mails = await remindersTo(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "You left 1 item in your Zavolah cart",
      "Still thinking it over, Tobi Adebayo? Your cart is saved",
    ]);
    expect(mails[1]!.text).toContain("This is the last reminder we send about this cart.");
    await runAbandonedCarts(at(72));
    expect(await remindersTo(customer.email)).toHaveLength(2);
    const [record] = await recordsOf(customer.userId);
    expect(record).toMatchObject({ remindersSent: 2, consentBasis: "agreed" });
    expect(abandonmentState(record!)).toBe("reminded");
    expect(abandonmentNote(record!)).toBe("Both reminders sent");
  });

  it("stops after the unsubscribe link in the first reminder is used, even for a customer who never subscribed", async () => {
    const p = await products();
    const customer = await customerWithCart([{ variantId: p.panel, quantity: 3 }], 5, "Amaka Nwosu");
    await runAbandonedCarts(at(0));
    const [first] = await remindersTo(customer.email);
    const link = new URL(linkIn(first!.text, "/newsletter/unsubscribe"));
    expect(await unsubscribeFromNewsletter(link.searchParams.get("token")!, link.searchParams.get("email"))).toEqual({
      ok: true,
      email: customer.email,
    });
    // A forged token for the same address records nothing.
    expect(await unsubscribeFromNewsletter("forged-token", "someone.else@example.ng")).toEqual({ ok: false });

    await runAbandonedCarts(at(25));
    expect(await remindersTo(customer.email)).toHaveLength(1);
    const [record] = await recordsOf(customer.userId);
    expect(abandonmentNote(record!)).toBe("Reminders stopped: unsubscribed from our marketing e-mail");
  });

  it("waits while reminders are switched off, and sends once they are back on", async () => {
    const p = await products();
    await setSetting("abandonedCartReminders", false);
    const customer = await customerWithCart([{ variantId: p.battery, quantity: 2 }], 5, "Zainab Bello");
    try {
      await runAbandonedCarts(at(0));
      const [record] = await recordsOf(customer.userId);
      expect(abandonmentState(record!)).toBe("waiting");
      expect(await remindersTo(customer.email)).toEqual([]);
    } finally {
      await setSetting("abandonedCartReminders", true);
    }
    await runAbandonedCarts(at(1));
    expect(await remindersTo(customer.email)).toHaveLength(1);
  });
});

describe("a cart that changes", () => {
  it("gets no further reminder once changed; left again, it is a new abandonment, reminded a day after the last reminder", async () => {
    const p = await products();
    const customer = await customerWithCart([{ variantId: p.panel, quantity: 1 }], 5, "Funmilayo Adeyemi");
    await runAbandonedCarts(at(0));
    await addToCart({ userId: customer.userId }, { kind: "variant", variantId: p.battery, quantity: 1 });
    await runAbandonedCarts(at(1));
    const [first] = await recordsOf(customer.userId);
    expect(abandonmentNote(first!)).toBe("Reminders stopped: came back and changed the cart");

    // Untouched again for the set time: a second record, which waits until a day after the first reminder.
    await runAbandonedCarts(at(5));
    const records = await recordsOf(customer.userId);
    expect(records).toHaveLength(2);
    expect(records[1]!.items.map((i) => i.name)).toEqual(["Canadian Solar HiKu 400W Mono Panel", "AGM Gel Solar Battery"]);
    expect(abandonmentState(records[1]!)).toBe("waiting");
    await runAbandonedCarts(at(24.5));
    expect(await remindersTo(customer.email)).toHaveLength(2);
  });

  it("ends the record when a line is removed or the cart is emptied before the first reminder", async () => {
    const p = await products();
    await setSetting("abandonedCartReminders", false);
    const removing = await customerWithCart(
      [
        { variantId: p.panel, quantity: 1 },
        { variantId: p.battery, quantity: 1 },
      ],
      5,
      "Ifeoma Obi",
    );
    const emptying = await customerWithCart([{ variantId: p.panel, quantity: 1 }], 5, "Sani Abdullahi");
    try {
      await runAbandonedCarts(at(0));
      await removeFromCart({ userId: removing.userId }, { kind: "variant", variantId: p.battery });
      await clearCart(emptying.userId, getDb());
    } finally {
      await setSetting("abandonedCartReminders", true);
    }
    await runAbandonedCarts(at(0.5));
    expect(abandonmentNote((await recordsOf(removing.userId))[0]!)).toBe("Came back and changed the cart");
    expect(abandonmentNote((await recordsOf(emptying.userId))[0]!)).toBe("Emptied the cart");
    expect(await remindersTo(removing.email)).toEqual([]);
    expect(await remindersTo(emptying.email)).toEqual([]);
  });
});

describe("the link back to the cart", () => {
  it("puts the saved lines back at today's price, skips what cannot be bought, and never doubles a line", async () => {
    const p = await products();
    const customer = await customerWithCart(
      [
        { variantId: p.panel, quantity: 2 },
        { variantId: p.battery, quantity: 1 },
      ],
      5,
      "Chiamaka Okonkwo",
    );
    await runAbandonedCarts(at(0));
    const [record] = await recordsOf(customer.userId);
    const [mail] = await remindersTo(customer.email);
    const token = linkIn(mail!.text, "/cart/restore/").split("/cart/restore/")[1]!;

    await clearCart(customer.userId, getDb());
    await setOnHand(p.battery, 0);
    await getDb().update(productVariants).set({ priceKobo: 13_900_000 }).where(eq(productVariants.id, p.panel));
    const restored = await restoreAbandonedCart(token, customer.userId, at(1));
    expect(restored).toEqual({ ok: true, restored: 1, skipped: ["AGM Gel Solar Battery"] });
    const cart = await readCart({ userId: customer.userId });
    expect(cart.lines.map((l) => `${l.productName} x ${l.quantity} at ${l.unitPriceKobo}`)).toEqual([
      "Canadian Solar HiKu 400W Mono Panel x 2 at 13900000",
    ]);
    expect((await recordsOf(customer.userId))[0]!.restoredAt?.getTime()).toBe(at(1).getTime());

    // Opened again: nothing is added twice.
    await restoreAbandonedCart(token, customer.userId, at(2));
    expect((await readCart({ userId: customer.userId })).itemCount).toBe(2);
    expect((await recordsOf(customer.userId))[0]!.restoredAt?.getTime()).toBe(at(1).getTime());

    // A forged or cut token, an unknown record, or someone else's link: nothing is touched.
    const other = await createCustomer("Musa Ibrahim");
    for (const bad of [`${record!.id}.${"A".repeat(43)}`, token.slice(0, -1), cartRestoreToken(999_999), "nonsense"]) {
      const refused = await restoreAbandonedCart(bad, customer.userId);
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.status).toBe(404);
    }
    const foreign = await restoreAbandonedCart(token, other.userId);
    expect(foreign.ok || foreign.error.status).toBe(403);
    expect((await readCart({ userId: other.userId })).itemCount).toBe(0);
  });
});

describe("recovery", () => {
  it("marks the reminded cart recovered by the next order, once, with its total; an order before any reminder recovers nothing", async () => {
    const p = await products();
    const before = await abandonedCartFigures(at(0));
    const reminded = await customerWithCart([{ variantId: p.panel, quantity: 1 }], 5, "Adaeze Nwosu");
    await runAbandonedCarts(at(0));
    const { order } = await placeTestOrder(reminded, [{ variantId: p.panel, quantity: 1 }], { paymentMethod: "pay_on_delivery" });
    const [record] = await recordsOf(reminded.userId);
    expect(record).toMatchObject({ status: "recovered", recoveredOrderId: order.id, recoveredValueKobo: order.totalKobo });

    // A second order recovers nothing more.
    await placeTestOrder(reminded, [{ variantId: p.battery, quantity: 1 }]);
    expect(await recordsOf(reminded.userId)).toMatchObject([{ recoveredOrderId: order.id }]);

    // Reminders off: the record waits; an order ends it without counting as recovered.
    await setSetting("abandonedCartReminders", false);
    const early = await customerWithCart([{ variantId: p.battery, quantity: 1 }], 5, "Yusuf Danladi");
    try {
      await runAbandonedCarts(at(0));
    } finally {
      await setSetting("abandonedCartReminders", true);
    }
    await placeTestOrder(early, [{ variantId: p.battery, quantity: 1 }]);
    const [ended] = await recordsOf(early.userId);
    expect(abandonmentState(ended!)).toBe("not_remindable");
    expect(abandonmentNote(ended!)).toBe("Placed an order");
    await runAbandonedCarts(at(1));
    expect(await remindersTo(early.email)).toEqual([]);

    // The staff figures: two more abandoned, one more reminded and recovered, and what the order was worth.
    const after = await abandonedCartFigures(at(0));
    expect({
      abandoned: after.abandoned - before.abandoned,
      reminded: after.reminded - before.reminded,
      recovered: after.recovered - before.recovered,
      value: after.recoveredValueKobo - before.recoveredValueKobo,
    }).toEqual({ abandoned: 2, reminded: 1, recovered: 1, value: order.totalKobo });
    expect(recoveryRatePercent({ reminded: 4, recovered: 1 })).toBe(25);
    expect(recoveryRatePercent({ reminded: 0, recovered: 0 })).toBeNull();

    // The staff list by state.
    const recovered = await listAbandonedCarts({ state: "recovered", page: 1 });
    expect(recovered.rows.map((r) => r.email)).toContain(reminded.email);
    expect(recovered.rows.find((r) => r.email === reminded.email)?.orderNumber).toBe(order.number);
    const notRemindable = await listAbandonedCarts({ state: "not_remindable", page: 1 });
    expect(notRemindable.rows.map((r) => r.email)).toContain(early.email);
    expect(notRemindable.rows.map((r) => r.email)).not.toContain(reminded.email);
  });
});
