import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createTestProduct, onHandOf, placeTestOrder, setOnHand } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { adminAlerts } from "../alerts/schema";
import { getDb } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { getAvailableStock } from "../inventory/available-stock";
import { outbox } from "../messaging/schema";
import { expireUnpaidOrders } from "./expire-unpaid-orders";
import { getOrder } from "./get-order";
import { markOrderPaid } from "./mark-order-paid";
import { orders } from "./schema";
import { transitionOrder } from "./transition-order";
import { AppError, type TResult } from "@domain/errors/app-error";
import type { TOrderStatus } from "@domain/orders/order-status";

useTestDatabase();

const mailTo = async (email: string) => getDb().select().from(outbox).where(eq(outbox.recipient, email));
const payByTransfer = (orderId: string, amountKobo: number) =>
  getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId,
      actorLabel: "Tunde Bakare",
      payment: { method: "bank_transfer", reference: `GTB-${orderId.slice(0, 6)}`, amountKobo },
    }),
  );

describe("placing an order", () => {
  it("prices it on the server, holds the stock, and e-mails the confirmation", async () => {
    const buyer = await createCustomer("Chidinma Eze");
    const { variant } = await createTestProduct({ priceKobo: 15_000_000, onHand: 10 });
    const { order, created } = await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 2 }]);
    expect(created).toBe(true);
    // ₦300,000 of goods ships free (standard, over ₦50,000); VAT 7.5% = ₦22,500.
    expect(order).toMatchObject({
      status: "pending_payment",
      subtotalKobo: 30_000_000,
      shippingKobo: 0,
      vatKobo: 2_250_000,
      totalKobo: 32_250_000,
    });
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(8);
    expect(await onHandOf(variant.id)).toBe(10); // held, not yet sold
    const [mail] = await mailTo(buyer.email);
    expect(mail?.subject).toContain(`Order ZV-${order.number} received`);
    expect(mail?.text).toContain("₦322,500.00");
    expect(mail?.text).toContain("1014327785"); // bank transfer details
    const detail = await getOrder(order.id);
    expect(detail?.events.map((e) => e.toStatus)).toEqual(["pending_payment"]);
  });

  it("charges delivery under the free threshold and always for express", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 1_000_000, onHand: 10 }); // ₦10,000
    const standard = (await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }])).order;
    expect(standard).toMatchObject({ subtotalKobo: 1_000_000, shippingKobo: 250_000, vatKobo: 93_750, totalKobo: 1_343_750 });
    const express = (await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 6 }], { deliveryMethod: "express" })).order;
    expect(express).toMatchObject({ subtotalKobo: 6_000_000, shippingKobo: 500_000 });
  });

  it("makes one order from one checkout form, however often it is sent", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 10 });
    const key = crypto.randomUUID();
    const results = await Promise.all(
      [1, 2, 3].map(() => placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }], { checkoutKey: key })),
    );
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    const [n] = await getDb().select({ n: count() }).from(orders).where(eq(orders.checkoutKey, key));
    expect(n!.n).toBe(1);
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(9);
  });

  it("refuses a total the customer did not see, too many of one item, and stock it does not have, writing nothing", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 3, maxPerOrder: 5 });
    const before = (await getDb().select({ n: count() }).from(orders))[0]!.n;
    await expect(placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }], { expectedTotalKobo: 100 })).rejects.toThrow(
      /total changed to ₦/,
    );
    await expect(placeTestOrder(buyer, [{ variantId: variant.id, quantity: 6 }])).rejects.toThrow(/at most 5/);
    await expect(placeTestOrder(buyer, [{ variantId: variant.id, quantity: 4 }])).rejects.toThrow(/only 3 of 200Ah Tubular Battery left/);
    await expect(placeTestOrder(buyer, [{ variantId: 999_999, quantity: 1 }])).rejects.toBeInstanceOf(AppError);
    await expect(placeTestOrder(buyer, [])).rejects.toThrow(/cart is empty/);
    expect((await getDb().select({ n: count() }).from(orders))[0]!.n).toBe(before);
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(3);
    expect(await mailTo(buyer.email)).toHaveLength(0);
  });

  it("does not offer a card provider whose keys are not set", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 3 });
    await expect(placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }], { paymentMethod: "flutterwave" })).rejects.toThrow(
      /not available/,
    );
  });
});

describe("50 buyers racing for the last 5 units", () => {
  it("sells exactly 5 and never more", async () => {
    const { variant } = await createTestProduct({ priceKobo: 9_800_000, onHand: 5, name: "100W Solar Street Light" });
    const buyers = await Promise.all(Array.from({ length: 50 }, (_, i) => createCustomer(`Buyer ${i}`)));
    const results = await Promise.allSettled(buyers.map((b) => placeTestOrder(b, [{ variantId: variant.id, quantity: 1 }])));
    const placed = results
      .filter((r) => r.status === "fulfilled")
      .map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof placeTestOrder>>>).value.order);
    const refused = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(refused.every((m) => /out of stock/.test(m))).toBe(true);
    for (const o of placed) expect((await payByTransfer(o.id, o.totalKobo)).changed).toBe(true);
    const paid = await getDb().select({ n: count() }).from(orders).where(eq(orders.status, "paid"));
    expect(paid[0]!.n).toBeGreaterThanOrEqual(5);
    expect(await onHandOf(variant.id)).toBe(0);
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(0);
  });
});

/** Staff move an order as the status form does: a refused move rolls back and answers why. */
const moveOrder = (orderId: string, to: TOrderStatus) =>
  inTransaction((tx) => transitionOrder(tx, { orderId, to, actorLabel: "Tunde Bakare" }));
const refusalOf = (result: TResult) => (result.ok ? "moved" : result.error.message);

describe("the order state machine", () => {
  it("pays once, takes the goods off the shelf, and records every move", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 4, lowStockThreshold: 3 });
    const { order } = await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 2 }]);
    expect(refusalOf(await moveOrder(order.id, "shipped"))).toMatch(/awaiting payment and cannot be marked shipped/);
    expect((await payByTransfer(order.id, order.totalKobo)).changed).toBe(true);
    expect((await payByTransfer(order.id, order.totalKobo)).changed).toBe(false);
    expect(await onHandOf(variant.id)).toBe(2);
    const receipts = (await mailTo(buyer.email)).filter((m) => m.kind === "payment_receipt");
    expect(receipts).toHaveLength(1);
    // 2 left, threshold 3: one low-stock alert, not two.
    const alerts = await getDb()
      .select()
      .from(adminAlerts)
      .where(eq(adminAlerts.dedupeKey, `low-stock:${variant.id}`));
    expect(alerts).toHaveLength(1);
    for (const to of ["processing", "shipped", "delivered"] as const)
      await getDb().transaction((tx) => transitionOrder(tx, { orderId: order.id, to, actorLabel: "Tunde Bakare" }));
    expect(refusalOf(await moveOrder(order.id, "cancelled"))).toMatch(/delivered and cannot be marked cancelled/);
    const detail = await getOrder(order.id);
    expect(detail?.events.map((e) => `${e.fromStatus ?? ""}>${e.toStatus}`)).toEqual([
      ">pending_payment",
      "pending_payment>paid",
      "paid>processing",
      "processing>shipped",
      "shipped>delivered",
    ]);
    expect(detail?.paidAt).toBeInstanceOf(Date);
  });

  it("lets pay on delivery skip payment, and counts it paid when delivered", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 5 });
    const { order } = await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }], { paymentMethod: "pay_on_delivery" });
    for (const to of ["processing", "shipped", "delivered"] as const)
      await getDb().transaction((tx) => transitionOrder(tx, { orderId: order.id, to, actorLabel: "Tunde Bakare" }));
    expect(await onHandOf(variant.id)).toBe(4);
    expect((await getOrder(order.id))?.paidAt).toBeInstanceOf(Date);
    const other = (await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }])).order;
    expect(refusalOf(await moveOrder(other.id, "processing"))).toMatch(/cannot be marked processing/);
  });

  it("gives held stock back when an order is cancelled", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 2 });
    const { order } = await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 2 }]);
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(0);
    await getDb().transaction((tx) => transitionOrder(tx, { orderId: order.id, to: "cancelled", actorLabel: "Chidinma Eze" }));
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(2);
    expect(await onHandOf(variant.id)).toBe(2);
  });
});

describe("unpaid orders", () => {
  it("are cancelled when their hold runs out; a late payment is kept and flagged, not lost", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 3 });
    const { order } = await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 3 }]);
    expect(await expireUnpaidOrders(new Date(Date.now() + 71 * 3_600_000))).toBe(0);
    expect(await expireUnpaidOrders(new Date(Date.now() + 73 * 3_600_000))).toBeGreaterThanOrEqual(1);
    const detail = await getOrder(order.id);
    expect(detail?.status).toBe("cancelled");
    expect(detail?.events.at(-1)?.actorLabel).toBe("Payment window expired");
    expect((await getAvailableStock([variant.id])).get(variant.id)).toBe(3);
    expect((await mailTo(buyer.email)).some((m) => m.subject.includes("cancelled as no payment arrived"))).toBe(true);

    expect((await payByTransfer(order.id, order.totalKobo)).changed).toBe(false);
    const [alert] = await getDb().select().from(adminAlerts).where(eq(adminAlerts.type, "payment_for_cancelled_order"));
    expect(alert?.severity).toBe("critical");
    expect(alert?.title).toContain(`ZV-${order.number}`);
  });

  it("pays an order whose hold lapsed if the stock is still there, and flags a shortfall if it is not", async () => {
    const buyer = await createCustomer();
    const { variant } = await createTestProduct({ priceKobo: 2_000_000, onHand: 1 });
    const { order } = await placeTestOrder(buyer, [{ variantId: variant.id, quantity: 1 }]);
    await setOnHand(variant.id, 0); // the last unit was sold in the shop meanwhile
    expect((await payByTransfer(order.id, order.totalKobo)).changed).toBe(true);
    expect(await onHandOf(variant.id)).toBe(0);
    const [alert] = await getDb()
      .select()
      .from(adminAlerts)
      .where(eq(adminAlerts.dedupeKey, `stock-shortfall:${order.id}`));
    expect(alert?.severity).toBe("high");
  });
});
