import { orFail } from "../../tests/support/results";
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TViewer } from "@domain/access/roles";
import { ZFulfilPart } from "@domain/marketplace/sub-order-input";
import { ZPayoutRequest, ZSettlePayout } from "@domain/marketplace/payout-input";
import { checkoutFor, createCustomer, createTestProduct, makeUser, placeOrderOrFail } from "../../tests/support/store-fixtures";
import { listProduct, makeSeller, type TTestSeller } from "../../tests/support/marketplace-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { addToCart } from "../cart/add-to-cart";
import { readCart } from "../cart/read-cart";
import { getDb } from "../db/client";
import { env } from "../env";
import { notifications } from "../notifications/schema";
import { fulfilSubOrder } from "../orders/fulfil-sub-order";
import { listBuyerParts, listSellerParts } from "./list-order-parts";
import { markOrderPaid } from "../orders/mark-order-paid";
import { orderLinesFromCart, type TOrderLineInput } from "../orders/place-order";
import { orderItems, orders, subOrders } from "../orders/schema";
import { transitionOrder } from "../orders/transition-order";
import { listMyDownloads, openDesignDownload, signDownloadLink } from "./design-downloads";
import { getSellerEarnings } from "./get-seller-earnings";
import { requestPayout } from "./request-payout";
import { marketplaceDesignFiles, marketplaceEarnings, marketplaceListings } from "./schema";
import { settlePayout } from "./settle-payout";
import sharp from "sharp";
import { ZMessage } from "@domain/marketplace/message-input";
import { listMessages } from "./list-messages";
import { sendMessage } from "./send-message";
import { sellerSalesByWeek } from "./seller-sales";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { refundSubOrderPayment } from "../payments/refund-sub-order-payment";
import { refunds } from "../payments/schema";

// Buying from the marketplace (docs/product/marketplace.md#buying, #fulfilment, #earnings, #payouts, #downloads): one
// cart and one payment, one part per seller, commission fixed at sale, earnings held until the refund window closes,
// designs downloaded through signed links.

useTestDatabase();

type TSeller = TTestSeller;

async function listDesign(seller: TSeller, priceKobo: number) {
  const [l] = await getDb()
    .insert(marketplaceListings)
    .values({
      sellerId: seller.sellerId,
      slug: `plan-${randomUUID().slice(0, 8)}`,
      kind: "design",
      title: "Three-bedroom bungalow plan",
      description: "Full working drawings for a three-bedroom bungalow on a 50 x 100 ft plot, with a solar roof.",
      category: "Architecture and floor plans",
      priceKobo,
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  const storedName = `${randomUUID()}.pdf`;
  const dir = resolve(env.DATA_DIR, "marketplace", "designs");
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, storedName), "%PDF-1.4\n% bungalow plan\n%%EOF\n");
  const [file] = await getDb()
    .insert(marketplaceDesignFiles)
    .values({ listingId: l!.id, fileName: "bungalow-plan.pdf", storedName, fileType: "pdf", bytes: 30 })
    .returning();
  return { listing: l!, file: file! };
}

const buy = (buyer: { userId: string; email: string; name: string }, lines: TOrderLineInput[], over = {}) =>
  placeOrderOrFail({ customer: buyer, checkout: checkoutFor(buyer.name, over), lines });
const pay = (orderId: string, amountKobo: number) =>
  getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId,
      actorLabel: "Paystack webhook",
      payment: { method: "paystack", reference: `PSK-${orderId.slice(0, 8)}`, amountKobo },
    }),
  );
const partsOf = (orderId: string) => getDb().select().from(subOrders).where(eq(subOrders.orderId, orderId)).orderBy(subOrders.position);
const stockOf = async (listingId: number) =>
  (await getDb().select({ stock: marketplaceListings.stock }).from(marketplaceListings).where(eq(marketplaceListings.id, listingId)))[0]!
    .stock;
const viewerOf = (c: { userId: string; email: string; name: string }): TViewer => ({
  id: c.userId,
  name: c.name,
  email: c.email,
  role: "customer",
  capabilities: [],
  image: null,
});

describe("one cart, one payment, one part per seller", () => {
  it("splits the order, fixes commission per line in kobo and holds the seller's stock", async () => {
    const musa = await makeSeller("seller", "Musa Danjuma");
    const bello = await makeSeller("architect", "Aisha Bello");
    const desk = await listProduct(musa, { priceKobo: 1_500_005, stock: 4 });
    const { listing: plan } = await listDesign(bello, 4_500_000);
    const { variant } = await createTestProduct({ priceKobo: 6_000_000, onHand: 10 });
    const buyer = await createCustomer("Chiamaka Obi");

    const { order } = await buy(buyer, [
      { variantId: variant.id, quantity: 1 },
      { kind: "listing", listingId: desk.id, quantity: 2 },
      { kind: "listing", listingId: plan.id, quantity: 1 },
    ]);
    const parts = await partsOf(order.id);
    // The house first (₦60,000 ships free), then the sellers in cart order.
    expect(parts.map((p) => [p.sellerId, p.subtotalKobo, p.shippingKobo, p.commissionKobo, p.status])).toEqual([
      [null, 6_000_000, 0, 0, "pending_payment"],
      // 10% of ₦30,000.10 is 300,001 kobo: rounded down, the fraction stays with the seller.
      [musa.sellerId, 3_000_010, 250_000, 300_001, "pending_payment"],
      [bello.sellerId, 4_500_000, 0, 450_000, "pending_payment"],
    ]);
    expect(order.shippingKobo).toBe(250_000);
    expect(order.totalKobo).toBe(6_000_000 + 3_000_010 + 4_500_000 + 250_000 + Math.round((13_750_010 * 750) / 10_000));
    const lines = await getDb().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.find((l) => l.listingId === desk.id)).toMatchObject({
      subOrderId: parts[1]!.id,
      commissionKobo: 300_001,
      lineTotalKobo: 3_000_010,
    });
    expect(await stockOf(desk.id)).toBe(2);

    // Cancelled before payment: the stock comes back, once.
    await getDb().transaction((tx) => transitionOrder(tx, { orderId: order.id, to: "cancelled", actorLabel: "Reservation expiry job" }));
    expect(await stockOf(desk.id)).toBe(4);
    expect((await partsOf(order.id)).map((p) => p.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
  });

  it("caps a cart line at the stock, sells a design once, and refuses unpublished and own listings, also from a stale cart", async () => {
    const musa = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(musa, { priceKobo: 2_000_000, stock: 3 });
    const { listing: plan } = await listDesign(await makeSeller("architect", "Aisha Bello"), 4_500_000);
    const buyer = await createCustomer("Emeka Nwosu");
    const owner = { userId: buyer.userId };

    const added = await addToCart(owner, { kind: "listing", listingId: desk.id, quantity: 5 });
    expect(added).toMatchObject({ ok: true, capped: true, message: "Only 3 of Foldaway study desk in iroko available; your cart has 3" });
    expect(await addToCart(owner, { kind: "listing", listingId: plan.id, quantity: 1 })).toMatchObject({ ok: true });
    const again = await addToCart(owner, { kind: "listing", listingId: plan.id, quantity: 1 });
    expect(again.ok ? null : again.error.message).toContain("already in your cart");
    const own = await addToCart({ userId: musa.id }, { kind: "listing", listingId: desk.id, quantity: 1 });
    expect(own.ok ? null : own.error.message).toBe("This is your own listing: you cannot buy it.");

    const cart = await readCart(owner);
    expect(cart.lines.map((l) => [l.kind, l.sellerName, l.quantity, l.ships])).toEqual([
      ["listing", "Musa Danjuma Studio", 3, true],
      ["listing", "Aisha Bello Studio", 1, false],
    ]);
    expect(cart.totalKobo).toBe(6_000_000 + 4_500_000);

    // The seller unpublishes while the buyer's cart still holds it.
    await getDb().update(marketplaceListings).set({ status: "unpublished" }).where(eq(marketplaceListings.id, desk.id));
    const ordersBefore = (await getDb().select().from(orders).where(eq(orders.userId, buyer.userId))).length;
    await expect(buy(buyer, orderLinesFromCart(cart.lines))).rejects.toThrow(/not for sale any more/);
    expect((await getDb().select().from(orders).where(eq(orders.userId, buyer.userId))).length).toBe(ordersBefore);
    expect(await stockOf(desk.id)).toBe(3);
    // Tampering: more than the stock, or paying on delivery.
    await getDb().update(marketplaceListings).set({ status: "published" }).where(eq(marketplaceListings.id, desk.id));
    await expect(buy(buyer, [{ kind: "listing", listingId: desk.id, quantity: 4 }])).rejects.toThrow(/Only 3 of/);
    await expect(buy(buyer, [{ kind: "listing", listingId: desk.id, quantity: 1 }], { paymentMethod: "pay_on_delivery" })).rejects.toThrow(
      /not on delivery/,
    );
  });
});

describe("after payment", () => {
  it("holds earnings, delivers designs at once, lets the seller fulfil their own part only, and pays out after the window", async () => {
    const musa = await makeSeller("seller", "Musa Danjuma");
    const bello = await makeSeller("architect", "Aisha Bello");
    const desk = await listProduct(musa, { priceKobo: 8_500_000, stock: 2 });
    const { listing: plan } = await listDesign(bello, 4_500_000);
    const buyer = await createCustomer("Chiamaka Obi");
    const { order } = await buy(buyer, [
      { kind: "listing", listingId: desk.id, quantity: 1 },
      { kind: "listing", listingId: plan.id, quantity: 1 },
    ]);
    await pay(order.id, order.totalKobo);
    await pay(order.id, order.totalKobo); // the webhook again: nothing twice
    const [deskPart, planPart] = await partsOf(order.id);
    expect(deskPart!.status).toBe("paid");
    expect(planPart!.status).toBe("delivered");
    const earnings = await getDb().select().from(marketplaceEarnings).orderBy(marketplaceEarnings.id);
    const mine = earnings.filter((e) => e.subOrderId === deskPart!.id || e.subOrderId === planPart!.id);
    // ₦85,000 less 10% (it ships free above ₦50,000); ₦45,000 less 10%.
    expect(mine.map((e) => [e.amountKobo, e.commissionKobo])).toEqual([
      [7_650_000, 850_000],
      [4_050_000, 450_000],
    ]);
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, musa.id));
    expect(told.map((n) => n.title)).toContain(`New order to fulfil: ZV-${order.number}-1`);

    // Another seller cannot move Musa's part; shipping needs a note for the buyer.
    expect(await fulfilSubOrder(bello, ZFulfilPart.parse({ subOrderId: String(deskPart!.id), step: "accept" }))).toMatchObject({
      ok: false,
      error: { status: 404 },
    });
    expect(ZFulfilPart.safeParse({ subOrderId: String(deskPart!.id), step: "ship", trackingNote: "" }).success).toBe(false);
    expect(
      await fulfilSubOrder(musa, ZFulfilPart.parse({ subOrderId: String(deskPart!.id), step: "ship", trackingNote: "GIG 12345" })),
    ).toMatchObject({
      ok: false,
      error: { status: 409 },
    });
    for (const step of ["accept", "ship", "deliver"] as const)
      expect(
        await fulfilSubOrder(
          musa,
          ZFulfilPart.parse({ subOrderId: String(deskPart!.id), step, trackingNote: "GIG Logistics, waybill 4471203" }),
        ),
      ).toMatchObject({ ok: true });
    // No goods of the house's own: the order follows its slowest part, now delivered.
    const [after] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("delivered");
    const [bought] = (await listBuyerParts(buyer.userId)).filter((p) => p.id === deskPart!.id);
    expect(bought).toMatchObject({
      status: "delivered",
      trackingNote: "GIG Logistics, waybill 4471203",
      seller: { name: "Musa Danjuma Studio" },
    });
    expect((await listSellerParts(musa.sellerId)).map((p) => p.label)).toEqual([`ZV-${order.number}-1`]);
    const weeks = await sellerSalesByWeek(musa.sellerId);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ goodsKobo: 8_500_000, orders: 1 });
    expect(weeks.slice(0, -1).every((w) => w.goodsKobo === 0)).toBe(true);

    // Pending until the refund window has passed.
    let view = await getSellerEarnings(musa.sellerId);
    expect(view.balance).toMatchObject({ pendingKobo: 7_650_000, availableKobo: 0 });
    const tooMuch = await requestPayout(musa, ZPayoutRequest.parse({ amount: "1,000" }));
    expect(tooMuch).toMatchObject({ ok: false, error: { status: 409, message: "You can ask for at most ₦0.00, your available balance." } });
    await getDb()
      .update(marketplaceEarnings)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(marketplaceEarnings.subOrderId, deskPart!.id));
    view = await getSellerEarnings(musa.sellerId);
    expect(view.balance).toMatchObject({ pendingKobo: 0, availableKobo: 7_650_000 });
    expect(await requestPayout(musa, ZPayoutRequest.parse({ amount: "76,500.01" }))).toMatchObject({ ok: false, error: { status: 409 } });
    expect(await requestPayout(musa, ZPayoutRequest.parse({ amount: "50,000" }))).toMatchObject({ ok: true, amountKobo: 5_000_000 });
    view = await getSellerEarnings(musa.sellerId);
    expect(view.balance).toMatchObject({ availableKobo: 2_650_000, requestedKobo: 5_000_000 });

    const admin = await makeUser("admin", "Adaeze Nwankwo");
    const payoutId = String(view.payouts[0]!.id);
    expect(ZSettlePayout.safeParse({ payoutId, decision: "paid", reference: "" }).success).toBe(false);
    expect(await settlePayout(admin, ZSettlePayout.parse({ payoutId, decision: "paid", reference: "GTB/TRF/88812" }))).toMatchObject({
      ok: true,
    });
    expect(await settlePayout(admin, ZSettlePayout.parse({ payoutId, decision: "paid", reference: "GTB/TRF/88812" }))).toMatchObject({
      ok: false,
      error: { status: 409 },
    });
    view = await getSellerEarnings(musa.sellerId);
    expect(view.balance).toMatchObject({ availableKobo: 2_650_000, requestedKobo: 0, paidOutKobo: 5_000_000 });
  });

  it("gives the buyer signed, expiring, counted download links that nobody else can use, and a refund takes them back", async () => {
    const bello = await makeSeller("architect", "Aisha Bello");
    const { listing: plan, file } = await listDesign(bello, 4_500_000);
    const buyer = await createCustomer("Tunde Bakare");
    const stranger = await createCustomer("Kemi Adeyemi");
    const { order } = await buy(buyer, [{ kind: "listing", listingId: plan.id, quantity: 1 }]);
    expect(await listMyDownloads(buyer.userId)).toEqual([]); // not before payment
    await pay(order.id, order.totalKobo);
    const [download] = await listMyDownloads(buyer.userId);
    expect(download).toMatchObject({ title: "Three-bedroom bungalow plan", used: 0, max: 5 });
    const token = download!.files[0]!.href!.split("/").pop()!;

    const opened = await openDesignDownload(buyer.userId, token);
    expect(opened.ok && Buffer.from(opened.bytes).toString()).toContain("bungalow plan");
    expect(await openDesignDownload(stranger.userId, token)).toMatchObject({ ok: false, error: { status: 403 } });
    expect(await openDesignDownload(buyer.userId, `${token.slice(0, -2)}xx`)).toMatchObject({ ok: false, error: { status: 404 } });
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await openDesignDownload(buyer.userId, token, later)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/expired/) },
    });
    // A link signed for another grant's file is not the buyer's file.
    const forged = signDownloadLink({ grantId: download!.grantId, fileId: file.id + 999, userId: buyer.userId })
      .split("/")
      .pop()!;
    expect(await openDesignDownload(buyer.userId, forged)).toMatchObject({ ok: false, error: { status: 404 } });
    for (let i = 0; i < 4; i++) expect(await openDesignDownload(buyer.userId, token)).toMatchObject({ ok: true });
    expect(await openDesignDownload(buyer.userId, token)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/No downloads are left/) },
    });
    expect((await listMyDownloads(buyer.userId))[0]!.files[0]!.href).toBeNull();

    // Refunded: the earning and the commission are reversed.
    const buyer2 = await createCustomer("Bisi Alade");
    const second = await buy(buyer2, [{ kind: "listing", listingId: plan.id, quantity: 1 }]);
    await pay(second.order.id, second.order.totalKobo);
    await getDb().transaction((tx) => transitionOrder(tx, { orderId: second.order.id, to: "refunded", actorLabel: "Adaeze Nwankwo" }));
    const [refunded] = await listMyDownloads(buyer2.userId);
    expect(refunded).toMatchObject({ revoked: true });
    const parts = await partsOf(second.order.id);
    const [earning] = await getDb()
      .select()
      .from(marketplaceEarnings)
      .where(and(eq(marketplaceEarnings.subOrderId, parts[0]!.id)));
    expect(earning!.status).toBe("reversed");
    expect((await getSellerEarnings(bello.sellerId)).earnings.map((e) => e.state).sort()).toEqual(["pending", "reversed"]);
  });
});

describe("refunds of one seller's part", () => {
  it("pays back that part once, reverses its earning, and leaves the rest of the order to refund later", async () => {
    const musa = await makeSeller("seller", "Musa Danjuma");
    const bello = await makeSeller("architect", "Aisha Bello");
    const desk = await listProduct(musa, { priceKobo: 3_000_000, stock: 3 });
    const { listing: plan } = await listDesign(bello, 4_500_000);
    const buyer = await createCustomer("Ngozi Eze");
    const { order } = await buy(buyer, [
      { kind: "listing", listingId: desk.id, quantity: 1 },
      { kind: "listing", listingId: plan.id, quantity: 1 },
    ]);
    await pay(order.id, order.totalKobo);
    const [deskPart, planPart] = await partsOf(order.id);
    expect([deskPart!.status, planPart!.status]).toEqual(["paid", "delivered"]);
    const staff = { id: (await makeUser("staff", "Tunde Bakare")).id, name: "Tunde Bakare" };

    // ₦30,000 + ₦2,500 delivery + 7.5% VAT = ₦34,937.50, recorded as paid back by hand (the order was paid by transfer).
    const first = await refundSubOrderPayment({ subOrderId: deskPart!.id, staff, reason: "Arrived with a cracked leg" }).then(orFail);
    expect(first).toMatchObject({ changed: true, message: expect.stringContaining("₦34,937.50 recorded as paid back by hand") });
    expect(await refundSubOrderPayment({ subOrderId: deskPart!.id, staff }).then(orFail)).toMatchObject({ changed: false });
    const after = await partsOf(order.id);
    expect(after.map((p) => p.status)).toEqual(["refunded", "delivered"]);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).not.toBe("refunded");
    const earned = await getDb().select().from(marketplaceEarnings).where(eq(marketplaceEarnings.subOrderId, deskPart!.id));
    expect(earned[0]!.status).toBe("reversed");
    const refunded = await getDb().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refunded.map((r) => [r.subOrderId, r.amountKobo, r.status])).toEqual([[deskPart!.id, 3_493_750, "processed"]]);

    // The rest of the order, refunded later, pays back only what is left.
    const whole = await refundOrderPayment({ orderId: order.id, staff }).then(orFail);
    expect(whole.changed).toBe(true);
    const all = await getDb().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(all.reduce((sum, r) => sum + r.amountKobo, 0)).toBe(order.totalKobo);
    expect((await partsOf(order.id)).map((p) => p.status)).toEqual(["refunded", "refunded"]);
  });
});

describe("messages on a part", () => {
  it("lets only the buyer and the seller write, once the order is paid, with text or a checked photo", async () => {
    const musa = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(musa, { priceKobo: 3_000_000, stock: 3 });
    const customer = await createCustomer("Ngozi Eze");
    const buyer = viewerOf(customer);
    const { order } = await buy(customer, [{ kind: "listing", listingId: desk.id, quantity: 1 }]);
    const [part] = await partsOf(order.id);
    const msg = (body = "") => ZMessage.parse({ subOrderId: String(part!.id), body });

    expect(await sendMessage(buyer, msg("Can you deliver on Saturday?"), null)).toMatchObject({ ok: false, error: { status: 409 } });
    await pay(order.id, order.totalKobo);
    const stranger = await makeUser("customer", "Kemi Adeyemi");
    expect(await sendMessage(stranger, msg("Hello"), null)).toMatchObject({ ok: false, error: { status: 404 } });
    expect(await sendMessage(buyer, msg("  "), null)).toMatchObject({ ok: false, error: { status: 400, field: "body" } });
    const program = new File([Buffer.from("MZ\x90\x00 not a picture")], "photo.jpg", { type: "image/jpeg" });
    expect(await sendMessage(buyer, msg(), program)).toMatchObject({ ok: false, error: { status: 400, field: "photo" } });

    expect(await sendMessage(buyer, msg("Can you deliver on Saturday?"), null)).toMatchObject({ ok: true, label: `ZV-${order.number}-1` });
    const picture = new File(
      [
        await sharp({ create: { width: 800, height: 600, channels: 3, background: "#7c2d12" } })
          .jpeg()
          .toBuffer(),
      ],
      "desk.jpg",
      { type: "image/jpeg" },
    );
    expect(await sendMessage(musa, msg("Yes. Here is the finish."), picture)).toMatchObject({ ok: true });

    const forBuyer = (await listMessages([part!.id], buyer.id)).get(part!.id)!;
    expect(forBuyer.map((m) => [m.mine, m.body, m.photo !== null])).toEqual([
      [true, "Can you deliver on Saturday?", false],
      [false, "Yes. Here is the finish.", true],
    ]);
    expect(forBuyer[1]!.photo!.small).toMatch(/^\/marketplace\/messages\/\d+\/photo\/small$/);
    const told = await getDb().select().from(notifications).where(eq(notifications.userId, musa.id));
    expect(told.map((n) => n.title)).toContain(`Message from your buyer about ZV-${order.number}-1`);
  });
});
