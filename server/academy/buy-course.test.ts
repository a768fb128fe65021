import { orFail } from "../../tests/support/results";
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useFakePaystack } from "../../tests/support/fake-paystack";
import {
  checkoutFor,
  createCustomer,
  createTestProduct,
  makeUser,
  placeOrderOrFail,
  startPaymentOrFail,
} from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { adminAlerts } from "../alerts/schema";
import { addToCart } from "../cart/add-to-cart";
import { mergeGuestCart } from "../cart/merge-guest-cart";
import { readCart, readCartSummary } from "../cart/read-cart";
import { removeFromCart } from "../cart/remove-from-cart";
import { cartItems } from "../cart/schema";
import { getDb } from "../db/client";
import { outbox } from "../messaging/schema";
import { expireUnpaidOrders } from "../orders/expire-unpaid-orders";
import { markOrderPaid } from "../orders/mark-order-paid";
import { type TOrderLineInput } from "../orders/place-order";
import { orderItems, orders } from "../orders/schema";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { courseIntakes, courses, enrolments, learningActivities } from "./schema";
import { seatsTaken } from "./seats-taken";

// Paid courses through the store's one cart, checkout and payment (docs/product/academy.md#enrolment,
// docs/decisions/0013-one-cart-many-kinds.md).

useTestDatabase();

const paystack = useFakePaystack();
const DAY = 86_400_000;

async function createCourse(
  p: { priceKobo?: number; capacity?: number | null; closesInDays?: number; status?: "published" | "draft" } = {},
) {
  const slug = `course-${randomUUID().slice(0, 8)}`;
  const [course] = await getDb()
    .insert(courses)
    .values({
      slug,
      title: "Solar Installation Fundamentals",
      summary: "Design and install a home solar system.",
      description: "Panels, inverters, batteries and safe wiring.",
      category: "solar",
      level: "beginner",
      durationWeeks: 6,
      hoursPerWeek: 4,
      priceKobo: p.priceKobo ?? 15_000_000,
      instructorName: "Engr. Babatunde Olawale",
      instructorTitle: "Lead installer",
      instructorBio: "Fifteen years of installations across Lagos and Ogun.",
      status: p.status ?? "published",
      publishedAt: new Date(),
    })
    .returning();
  const closes = new Date(Date.now() + (p.closesInDays ?? 10) * DAY);
  const [intake] = await getDb()
    .insert(courseIntakes)
    .values({
      courseId: course!.id,
      startsAt: new Date(closes.getTime() + 3 * DAY),
      enrolmentClosesAt: closes,
      capacity: p.capacity === undefined ? 20 : p.capacity,
    })
    .returning();
  return { course: course!, intake: intake! };
}

const courseLine = (intakeId: number): TOrderLineInput => ({ kind: "course", courseIntakeId: intakeId });
const buy = (buyer: { userId: string; email: string; name: string }, lines: TOrderLineInput[], over = {}) =>
  placeOrderOrFail({ customer: buyer, checkout: checkoutFor(buyer.name, over), lines });

const enrolmentsOf = (userId: string) => getDb().select().from(enrolments).where(eq(enrolments.userId, userId));
const enrolmentMails = async (email: string) =>
  (
    await getDb()
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, "course_enrollment")))
  )[0]!.n;
const orderCount = async () => (await getDb().select({ n: count() }).from(orders))[0]!.n;
const payByTransfer = (orderId: string, amountKobo: number) =>
  getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId,
      actorLabel: "Tunde Bakare",
      payment: { method: "bank_transfer", reference: `GTB-${orderId.slice(0, 8)}`, amountKobo },
    }),
  );

describe("a paid course in the cart", () => {
  it("adds one seat with the course's name and price, says so on a second add, and removes it", async () => {
    const buyer = await createCustomer("Adaeze Nwosu");
    const { course, intake } = await createCourse();
    const added = await addToCart({ userId: buyer.userId }, { kind: "course", courseIntakeId: intake.id });
    expect(added).toMatchObject({ ok: true, cart: { itemCount: 1, totalKobo: 15_000_000 } });
    const again = await addToCart({ userId: buyer.userId }, { kind: "course", courseIntakeId: intake.id });
    expect(again).toMatchObject({ ok: false, error: { message: expect.stringMatching(/already in your cart/) } });

    const cart = await readCart({ userId: buyer.userId });
    expect(cart.lines).toEqual([
      expect.objectContaining({
        kind: "course",
        courseIntakeId: intake.id,
        variantId: null,
        productName: course.title,
        variantName: expect.stringMatching(/^Intake starting \d{1,2} \w{3} \d{4}$/),
        href: `/academy/${course.slug}`,
        ships: false,
        quantity: 1,
        maxQuantity: 1,
        unitPriceKobo: 15_000_000,
      }),
    ]);
    await removeFromCart({ userId: buyer.userId }, { kind: "course", courseIntakeId: intake.id });
    expect(await readCartSummary({ userId: buyer.userId })).toEqual({ itemCount: 0, totalKobo: 0 });
  });

  it("refuses a closed, full, unpublished, free or unknown intake, and a course the buyer already has, adding nothing", async () => {
    const buyer = await createCustomer();
    const closed = await createCourse({ closesInDays: -1 });
    const full = await createCourse({ capacity: 1 });
    const draft = await createCourse({ status: "draft" });
    const free = await createCourse({ priceKobo: 0 });
    const owned = await createCourse();
    await getDb().insert(enrolments).values({ userId: buyer.userId, courseId: owned.course.id, intakeId: owned.intake.id });
    const other = await createCustomer("Emeka Obi");
    await getDb().insert(enrolments).values({ userId: other.userId, courseId: full.course.id, intakeId: full.intake.id });

    const owner = { userId: buyer.userId };
    const msg = async (intakeId: number) => {
      const r = await addToCart(owner, { kind: "course", courseIntakeId: intakeId });
      return r.ok ? "added" : r.error.message;
    };
    expect(await msg(closed.intake.id)).toMatch(/closed on/);
    expect(await msg(full.intake.id)).toMatch(/is full/);
    expect(await msg(draft.intake.id)).toMatch(/not open for enrolment/);
    expect(await msg(free.intake.id)).toMatch(/is free/);
    expect(await msg(999_999)).toMatch(/not open for enrolment/);
    expect(await msg(owned.intake.id)).toMatch(/already enrolled/);
    expect(await getDb().select().from(cartItems)).toHaveLength(0);
  });

  it("a guest adds a seat; at sign-in it joins the account's cart, unless they already have the course", async () => {
    const { intake } = await createCourse();
    const guest = await addToCart({}, { kind: "course", courseIntakeId: intake.id });
    expect(guest.ok).toBe(true);
    const guestCartId = guest.ok ? guest.guestCartId! : "";
    const buyer = await createCustomer();
    expect(await mergeGuestCart(guestCartId, buyer.userId)).toMatchObject({ merged: 1, dropped: 0 });
    expect((await readCart({ userId: buyer.userId })).lines.map((l) => l.courseIntakeId)).toEqual([intake.id]);

    const owned = await createCourse();
    const again = await addToCart({}, { kind: "course", courseIntakeId: owned.intake.id });
    await getDb().insert(enrolments).values({ userId: buyer.userId, courseId: owned.course.id, intakeId: owned.intake.id });
    expect(await mergeGuestCart(again.ok ? again.guestCartId! : "", buyer.userId)).toMatchObject({ merged: 0, dropped: 1 });
  });
});

describe("checking out a paid course", () => {
  it("prices it from the course, with no delivery fee and VAT as for products, and holds the seat", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse({ capacity: 1 });
    // Whatever the cart or the form said, the price is the course's now.
    await getDb().update(courses).set({ priceKobo: 12_000_000 }).where(eq(courses.id, intake.courseId));
    const { order } = await buy(buyer, [courseLine(intake.id)], { deliveryMethod: "express" });
    expect(order).toMatchObject({ subtotalKobo: 12_000_000, shippingKobo: 0, vatKobo: 900_000, totalKobo: 12_900_000, deliveryDays: 0 });
    const [line] = await getDb().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ kind: "course", courseIntakeId: intake.id, variantId: null, quantity: 1, unitPriceKobo: 12_000_000 });
    expect(await seatsTaken(getDb(), intake.id)).toBe(1);

    // The last seat is held: someone else is refused, at the cart and at checkout, and nothing is made.
    const other = await createCustomer("Kelechi Umeh");
    const add = await addToCart({ userId: other.userId }, { kind: "course", courseIntakeId: intake.id });
    expect(add).toMatchObject({ ok: false, error: { message: expect.stringMatching(/is full/) } });
    const before = await orderCount();
    await expect(buy(other, [courseLine(intake.id)])).rejects.toThrow(/is full/);
    expect(await orderCount()).toBe(before);
  });

  it("two buyers checking out the last seat at the same moment: one order, the other is told it is full", async () => {
    const { intake } = await createCourse({ capacity: 1 });
    const [a, b] = [await createCustomer("Tolu Bello"), await createCustomer("Musa Garba")];
    const results = await Promise.allSettled([buy(a, [courseLine(intake.id)]), buy(b, [courseLine(intake.id)])]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toMatch(/is full/);
    expect(await seatsTaken(getDb(), intake.id)).toBe(1);
  });

  it("an unpaid course-only order holds its seat for its payment window, then lapses and frees it", async () => {
    const buyer = await createCustomer("Bisi Adewale");
    const { intake } = await createCourse({ capacity: 1 });
    const { order } = await buy(buyer, [courseLine(intake.id)], { paymentMethod: "bank_transfer" });
    const [mail] = await getDb()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, buyer.email), eq(outbox.kind, "order_confirmation")));
    expect(mail!.text).toContain("Nothing in it is delivered");
    expect(mail!.text).not.toContain("Estimated delivery");
    // 71 hours later the transfer may still come; at 73 hours the hold (72 h for a transfer) has lapsed.
    expect(await expireUnpaidOrders(new Date(Date.now() + 71 * 3_600_000))).toBe(0);
    await getDb()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(orders.id, order.id));
    expect(await seatsTaken(getDb(), intake.id)).toBe(0);
    expect(await expireUnpaidOrders()).toBe(1);
    const [after] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("cancelled");
  });

  it("a mixed order pays delivery for the goods only", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse();
    const { variant } = await createTestProduct({ priceKobo: 1_000_000, onHand: 5 });
    const { order } = await buy(buyer, [{ variantId: variant.id, quantity: 1 }, courseLine(intake.id)]);
    // ₦10,000 of goods is under the free threshold: standard delivery ₦2,500; VAT on 150,000 + 10,000 + 2,500.
    expect(order).toMatchObject({ subtotalKobo: 16_000_000, shippingKobo: 250_000, vatKobo: 1_218_750 });
  });

  it("refuses a passed deadline, a course already owned and pay on delivery at place-order, creating nothing", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse();
    await addToCart({ userId: buyer.userId }, { kind: "course", courseIntakeId: intake.id });
    // The deadline passes while it sits in the cart.
    await getDb()
      .update(courseIntakes)
      .set({ enrolmentClosesAt: new Date(Date.now() - 60_000) })
      .where(eq(courseIntakes.id, intake.id));
    const before = await orderCount();
    await expect(buy(buyer, [courseLine(intake.id)])).rejects.toThrow(/closed on/);
    const owned = await createCourse();
    await getDb().insert(enrolments).values({ userId: buyer.userId, courseId: owned.course.id, intakeId: owned.intake.id });
    await expect(buy(buyer, [courseLine(owned.intake.id)])).rejects.toThrow(/already enrolled/);
    const fresh = await createCourse();
    await expect(buy(buyer, [courseLine(fresh.intake.id)], { paymentMethod: "pay_on_delivery" })).rejects.toThrow(/on delivery/);
    expect(await orderCount()).toBe(before);
    expect((await readCart({ userId: buyer.userId })).lines).toHaveLength(1); // the cart is kept
  });
});

describe("enrolment on verified payment", () => {
  it("enrols once when the payment is recorded twice, or twice at the same moment", async () => {
    const buyer = await createCustomer("Ifeoma Chukwu");
    const { intake, course } = await createCourse();
    const { order } = await buy(buyer, [courseLine(intake.id)]);
    expect(await enrolmentsOf(buyer.userId)).toHaveLength(0);
    const results = await Promise.all([payByTransfer(order.id, order.totalKobo), payByTransfer(order.id, order.totalKobo)]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    await payByTransfer(order.id, order.totalKobo);
    const mine = await enrolmentsOf(buyer.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ courseId: course.id, intakeId: intake.id, orderId: order.id, status: "active" });
    expect(await enrolmentMails(buyer.email)).toBe(1);
    // The paid seat is the enrolment, not counted twice.
    expect(await seatsTaken(getDb(), intake.id)).toBe(1);
  });

  it("Paystack: the same webhook twice enrols once", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse();
    const { order } = await buy(buyer, [courseLine(intake.id)], { paymentMethod: "paystack" });
    const { reference } = await startPaymentOrFail({ orderId: order.id, userId: buyer.userId });
    const { webhook } = await paystack.complete(reference, "success", { sendWebhook: false });
    const headers = new Headers(webhook!.headers);
    const answers = await Promise.all([
      handlePaymentWebhook("paystack", webhook!.body, headers),
      handlePaymentWebhook("paystack", webhook!.body, headers),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await handlePaymentWebhook("paystack", webhook!.body, headers);
    expect(await enrolmentsOf(buyer.userId)).toHaveLength(1);
    expect(await enrolmentMails(buyer.email)).toBe(1);
  });

  it("staff confirming a bank transfer enrols the buyer", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse();
    const { order } = await buy(buyer, [courseLine(intake.id)], { paymentMethod: "bank_transfer" });
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    expect((await confirmOfflinePayment({ orderId: order.id, reference: "ZEN/TRF/0099", staff }).then(orFail)).changed).toBe(true);
    expect(await enrolmentsOf(buyer.userId)).toEqual([expect.objectContaining({ intakeId: intake.id, orderId: order.id })]);
  });

  it("a buyer who paid twice for one course is enrolled once and admins are asked to refund", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse();
    const first = (await buy(buyer, [courseLine(intake.id)])).order;
    const second = (await buy(buyer, [courseLine(intake.id)])).order;
    await payByTransfer(first.id, first.totalKobo);
    const paid = await payByTransfer(second.id, second.totalKobo);
    expect(paid.changed).toBe(true);
    expect(await enrolmentsOf(buyer.userId)).toHaveLength(1);
    const alerts = await getDb().select().from(adminAlerts).where(eq(adminAlerts.type, "course_paid_twice"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/Refund ZV-/);
  });

  it("a refund cancels the enrolment the order paid for, frees the seat and tells the student", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse({ capacity: 1 });
    const { order } = await buy(buyer, [courseLine(intake.id)]);
    await payByTransfer(order.id, order.totalKobo);
    expect(await seatsTaken(getDb(), intake.id)).toBe(1);
    const staff = await makeUser("staff", "Funmilayo Adebayo");
    await refundOrderPayment({ orderId: order.id, staff, reason: "Could not attend" }).then(orFail);
    const [e] = await enrolmentsOf(buyer.userId);
    expect(e).toMatchObject({ status: "cancelled", cancelReason: expect.stringMatching(/refunded/) });
    expect(e!.cancelledAt).toBeInstanceOf(Date);
    const activity = await getDb()
      .select()
      .from(learningActivities)
      .where(and(eq(learningActivities.userId, buyer.userId), eq(learningActivities.type, "enrolment_cancelled")));
    expect(activity).toHaveLength(1);
    expect(await seatsTaken(getDb(), intake.id)).toBe(0);
    // Bought again after the refund: a new enrolment.
    const again = (await buy(buyer, [courseLine(intake.id)])).order;
    await payByTransfer(again.id, again.totalKobo);
    expect((await enrolmentsOf(buyer.userId)).filter((x) => x.status === "active")).toHaveLength(1);
  });

  it("an order with a product and a course commits the stock and enrols", async () => {
    const buyer = await createCustomer();
    const { intake } = await createCourse();
    const { variant } = await createTestProduct({ priceKobo: 6_000_000, onHand: 5 });
    await addToCart({ userId: buyer.userId }, { kind: "variant", variantId: variant.id, quantity: 1 });
    await addToCart({ userId: buyer.userId }, { kind: "course", courseIntakeId: intake.id });
    const cart = await readCart({ userId: buyer.userId });
    expect(cart).toMatchObject({ itemCount: 2, totalKobo: 21_000_000 });
    const { order } = await buy(
      buyer,
      cart.lines.map((l) => (l.kind === "course" ? courseLine(l.courseIntakeId!) : { variantId: l.variantId!, quantity: l.quantity })),
    );
    await payByTransfer(order.id, order.totalKobo);
    expect(await enrolmentsOf(buyer.userId)).toHaveLength(1);
    expect((await readCart({ userId: buyer.userId })).lines).toHaveLength(0);
  });
});
