import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ZPayoutRequest } from "@domain/marketplace/payout-input";
import { transferWebhook as transferWebhookOf, useFakePaystack } from "../../tests/support/fake-paystack";
import { listProduct, makeSeller, type TTestSeller } from "../../tests/support/marketplace-fixtures";
import { checkoutFor, createCustomer, makeUser, placeOrderOrFail } from "../../tests/support/store-fixtures";
import { watchLog } from "../../tests/support/log-lines";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { env } from "../env";
import { notifications } from "../notifications/schema";
import { markOrderPaid } from "../orders/mark-order-paid";
import { subOrders } from "../orders/schema";
import { handlePaymentWebhook } from "../payments/handle-webhook";
import { transfersAvailable } from "../payments/verify-transfer";
import { countPendingApprovals } from "./count-pending-approvals";
import { getSellerEarnings } from "./get-seller-earnings";
import { listPayouts } from "./list-payouts";
import { requestPayout } from "./request-payout";
import { marketplaceEarnings, marketplacePayouts } from "./schema";
import { checkPayoutTransfer, payoutTransferReference, sendPayoutTransfer } from "./send-payout-transfer";

// Payouts through Paystack's transfer API (docs/product/marketplace.md#payouts): claimed once, settled by the
// provider's answer, its webhook (verified, never trusted from the body) or an admin's check, exactly once.

useTestDatabase();

const paystack = useFakePaystack({ PAYSTACK_TRANSFERS: true });
afterAll(async () => {
  Object.assign(env, { PAYSTACK_SECRET_KEY: undefined, PAYSTACK_TRANSFERS: false });
  await paystack?.close();
});

/** A store with ₦76,500 available (an ₦85,000 desk sold, delivered and past the refund window) and a payout asked for. */
async function sellerAskingForPayout(name: string, accountNumber: string, amount: string) {
  const seller = await makeSeller("seller", name, { accountNumber });
  const desk = await listProduct(seller, { priceKobo: 8_500_000, stock: 3 });
  const buyer = await createCustomer("Chiamaka Obi");
  const { order } = await placeOrderOrFail({
    customer: buyer,
    checkout: checkoutFor(buyer.name),
    lines: [{ kind: "listing", listingId: desk.id, quantity: 1 }],
  });
  await getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId: order.id,
      actorLabel: "Paystack webhook",
      payment: { method: "paystack", reference: `PSK-${order.id.slice(0, 8)}`, amountKobo: order.totalKobo },
    }),
  );
  const parts = await getDb().select({ id: subOrders.id }).from(subOrders).where(eq(subOrders.orderId, order.id));
  for (const part of parts)
    await getDb()
      .update(marketplaceEarnings)
      .set({ availableAt: new Date(Date.now() - 1000) })
      .where(eq(marketplaceEarnings.subOrderId, part.id));
  expect(await requestPayout(seller, ZPayoutRequest.parse({ amount }))).toMatchObject({ ok: true });
  const [payout] = await getDb().select().from(marketplacePayouts).where(eq(marketplacePayouts.sellerId, seller.sellerId));
  return { seller, payout: payout! };
}

const transferWebhook = (reference: string) => transferWebhookOf(paystack, reference);

const balanceOf = async (seller: TTestSeller) => (await getSellerEarnings(seller.sellerId)).balance;
const titlesFor = async (seller: TTestSeller) =>
  (await getDb().select().from(notifications).where(eq(notifications.userId, seller.id))).map((n) => n.title);

describe("payouts through Paystack transfers", () => {
  it("sends the transfer once, and the verified webhook marks it paid with Paystack's transfer code", async () => {
    const admin = await makeUser("admin", "Adaeze Nwankwo");
    const { seller, payout } = await sellerAskingForPayout("Musa Danjuma", "0123456781", "50,000");
    const pendingBefore = (await countPendingApprovals()).payoutRequests;
    expect(pendingBefore).toBeGreaterThan(0);

    const sent = await sendPayoutTransfer(admin, payout.id);
    expect(sent).toMatchObject({ ok: true, status: "sending", amountKobo: 5_000_000 });
    expect(await sendPayoutTransfer(admin, payout.id)).toMatchObject({ ok: false, error: { status: 409 } });
    expect((await countPendingApprovals()).payoutRequests).toBe(pendingBefore - 1);
    // On its way: still reserved, so the seller cannot ask for it twice.
    expect(await balanceOf(seller)).toMatchObject({ availableKobo: 2_650_000, requestedKobo: 5_000_000 });
    const waiting = (await listPayouts()).waiting.find((p) => p.id === payout.id);
    expect(waiting).toMatchObject({ status: "sending", transferReference: payoutTransferReference(payout.id) });

    const webhook = await transferWebhook(payoutTransferReference(payout.id));
    const headers = new Headers(webhook.headers);
    expect(await handlePaymentWebhook("paystack", webhook.body, headers)).toMatchObject({
      status: 200,
      body: { outcome: "transfer paid" },
    });
    expect(await handlePaymentWebhook("paystack", webhook.body, headers)).toMatchObject({ body: { outcome: "duplicate" } });
    const [paid] = await getDb().select().from(marketplacePayouts).where(eq(marketplacePayouts.id, payout.id));
    expect(paid).toMatchObject({ status: "paid", bankReference: expect.stringMatching(/^TRF_/) });
    expect(await balanceOf(seller)).toMatchObject({ availableKobo: 2_650_000, requestedKobo: 0, paidOutKobo: 5_000_000 });
    expect(await titlesFor(seller)).toContain("Payout of ₦50,000.00 sent");
    expect(paystack.state.transfers.filter((t) => t.reference === payoutTransferReference(payout.id))).toHaveLength(1);
    // A forged copy is refused before anything is read.
    const log = watchLog();
    const forged = await handlePaymentWebhook("paystack", webhook.body, new Headers({ "x-paystack-signature": "0".repeat(128) }));
    expect(forged.status).toBe(401);
    log.expectLogged("webhook refused: bad or missing signature", { provider: "paystack" });
  });

  it("gives the amount back to the seller when the bank refuses the transfer", async () => {
    const admin = await makeUser("admin", "Adaeze Nwankwo");
    const { seller, payout } = await sellerAskingForPayout("Kelechi Obi", "0123459999", "76,500");
    expect(await sendPayoutTransfer(admin, payout.id)).toMatchObject({ ok: true, status: "sending" });
    const webhook = await transferWebhook(payoutTransferReference(payout.id));
    expect(await handlePaymentWebhook("paystack", webhook.body, new Headers(webhook.headers))).toMatchObject({
      body: { outcome: "transfer failed" },
    });
    const [failed] = await getDb().select().from(marketplacePayouts).where(eq(marketplacePayouts.id, payout.id));
    expect(failed).toMatchObject({ status: "failed", bankReference: null });
    expect(await balanceOf(seller)).toMatchObject({ availableKobo: 7_650_000, requestedKobo: 0, paidOutKobo: 0 });
    expect(await titlesFor(seller)).toContain("Payout of ₦76,500.00 did not go through");
    // The check after the fact changes nothing more.
    expect(await checkPayoutTransfer(payout.id)).toMatchObject({ ok: true, status: "failed" });
  });

  it("leaves the request waiting when Paystack never took the transfer, and refuses when transfers are off", async () => {
    const admin = await makeUser("admin", "Adaeze Nwankwo");
    const { seller, payout } = await sellerAskingForPayout("Bisi Adeyemi", "0123451234", "20,000");
    paystack.state.failNext = 1; // the recipient call fails with a 500; verify then finds no transfer
    const log = watchLog();
    expect(await sendPayoutTransfer(admin, payout.id)).toMatchObject({ ok: false, error: { status: 502 } });
    log.expectLogged("payout transfer call failed", { reference: payoutTransferReference(payout.id) });
    const [again] = await getDb().select().from(marketplacePayouts).where(eq(marketplacePayouts.id, payout.id));
    expect(again).toMatchObject({ status: "requested", transferReference: null });
    expect(await balanceOf(seller)).toMatchObject({ requestedKobo: 2_000_000 });
    expect(paystack.state.transfers.some((t) => t.reference === payoutTransferReference(payout.id))).toBe(false);

    Object.assign(env, { PAYSTACK_TRANSFERS: false });
    try {
      expect(await sendPayoutTransfer(admin, payout.id)).toMatchObject({ ok: false, error: { status: 503 } });
      expect(transfersAvailable()).toBe(false);
    } finally {
      Object.assign(env, { PAYSTACK_TRANSFERS: true });
    }
    // Sent again once Paystack is back: one transfer under the payout's reference.
    expect(await sendPayoutTransfer(admin, payout.id)).toMatchObject({ ok: true, status: "sending" });
    await transferWebhook(payoutTransferReference(payout.id));
    expect(await checkPayoutTransfer(payout.id)).toMatchObject({ ok: true, status: "paid" });
  });
});
