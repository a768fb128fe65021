import { orFail } from "../../tests/support/results";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@domain/errors/app-error";
import type { TPaymentMethod } from "@domain/orders/order-status";
import { useFakePaystack } from "../../tests/support/fake-paystack";
import { listProduct, makeSeller } from "../../tests/support/marketplace-fixtures";
import {
  checkoutFor,
  createCustomer,
  createTestProduct,
  makeUser,
  placeOrderOrFail,
  startPaymentOrFail,
} from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { getOrder } from "../orders/get-order";
import { subOrders } from "../orders/schema";
import { confirmOfflinePayment } from "./confirm-offline-payment";
import { handlePaymentWebhook } from "./handle-webhook";
import { refundOrderPayment, type TRefundResult } from "./refund-order-payment";
import { refundSubOrderPayment } from "./refund-sub-order-payment";
import { refunds } from "./schema";

// Two members of staff refunding the same order at the same moment (docs/product/payments.md#refunds): the money goes
// back once. On PGlite transactions run one at a time anyway; run this file on PostgreSQL too (DATABASE_URL).

useTestDatabase();

const paystack = useFakePaystack();
let staffA: { id: string; name: string };
let staffB: { id: string; name: string };

beforeAll(async () => {
  const a = await makeUser("staff", "Funmilayo Adebayo");
  const b = await makeUser("staff", "Tunde Bakare");
  staffA = { id: a.id, name: a.name };
  staffB = { id: b.id, name: b.name };
});

/** A paid order of a house battery and a seller's desk: two parts, the seller's refundable on its own. */
async function paidOrderWithSellerPart(paymentMethod: TPaymentMethod) {
  const { variant } = await createTestProduct({ priceKobo: 12_000_000, onHand: 20 });
  const seller = await makeSeller("seller", "Musa Danjuma");
  const desk = await listProduct(seller, { priceKobo: 3_000_000, stock: 5 });
  const buyer = await createCustomer("Ngozi Eze");
  const { order } = await placeOrderOrFail({
    customer: buyer,
    checkout: checkoutFor(buyer.name, { paymentMethod }),
    lines: [
      { variantId: variant.id, quantity: 1 },
      { kind: "listing", listingId: desk.id, quantity: 1 },
    ],
  });
  let transactionId: number | null = null;
  if (paymentMethod === "paystack") {
    const { reference } = await startPaymentOrFail({ orderId: order.id, userId: buyer.userId });
    const { webhook } = await paystack.complete(reference, "success", { sendWebhook: false });
    await handlePaymentWebhook("paystack", webhook!.body, new Headers(webhook!.headers));
    transactionId = paystack.find(reference)!.id;
  } else {
    await confirmOfflinePayment({ orderId: order.id, reference: `GTB/${randomUUID().slice(0, 8)}`, staff: staffA }).then(orFail);
  }
  const [sellerPart] = await getDb()
    .select()
    .from(subOrders)
    .where(and(eq(subOrders.orderId, order.id), eq(subOrders.sellerId, seller.sellerId)));
  expect((await getOrder(order.id))!.status).toBe("paid");
  return { order, sellerPart: sellerPart!, transactionId };
}

/** Refund records that stand for money going back (claimed or done), in kobo. */
async function refundedKobo(orderId: string, statuses: string[] = ["pending", "processed"]) {
  const rows = await getDb()
    .select({ amountKobo: refunds.amountKobo })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, statuses)));
  return rows.reduce((sum, r) => sum + r.amountKobo, 0);
}

const providerRefundedKobo = (transactionId: number) =>
  paystack.state.refunds.filter((r) => r.transactionId === transactionId).reduce((sum, r) => sum + r.amountKobo, 0);

/** What each member of staff was told: a refund done, nothing to do, or a plain refusal (never a provider failure). */
function expectPlainAnswers(answers: PromiseSettledResult<TRefundResult>[]) {
  expect(answers.filter((a) => a.status === "fulfilled" && a.value.changed).length).toBeGreaterThanOrEqual(1);
  for (const a of answers) {
    if (a.status === "fulfilled") continue;
    expect(a.reason).toBeInstanceOf(AppError);
    expect(a.reason).toMatchObject({ code: "conflict", message: expect.stringMatching(/in progress|already refunded/) });
  }
}

describe("two refunds at once", () => {
  it("a whole-order refund and a part refund clicked together pay the order back once (paid back by hand)", async () => {
    for (const wholeFirst of [true, false]) {
      const { order, sellerPart } = await paidOrderWithSellerPart("bank_transfer");
      const whole = () => refundOrderPayment({ orderId: order.id, staff: staffA }).then(orFail);
      const part = () => refundSubOrderPayment({ subOrderId: sellerPart.id, staff: staffB }).then(orFail);
      const answers = await Promise.allSettled(wholeFirst ? [whole(), part()] : [part(), whole()]);
      expectPlainAnswers(answers);
      expect(await refundedKobo(order.id)).toBeLessThanOrEqual(order.totalKobo);

      // Whatever is left is refunded later, and the records then add up to exactly what was paid.
      if ((await getOrder(order.id))!.status !== "refunded") await refundOrderPayment({ orderId: order.id, staff: staffA }).then(orFail);
      expect((await getOrder(order.id))!.status).toBe("refunded");
      expect(await refundedKobo(order.id, ["processed"])).toBe(order.totalKobo);
      expect(await refundedKobo(order.id, ["pending"])).toBe(0);
    }
  });

  it("card payments: a whole-order refund and two clicks on the same part send the money to Paystack once", async () => {
    const { order, sellerPart, transactionId } = await paidOrderWithSellerPart("paystack");
    const answers = await Promise.allSettled([
      refundSubOrderPayment({ subOrderId: sellerPart.id, staff: staffB }).then(orFail),
      refundOrderPayment({ orderId: order.id, staff: staffA }).then(orFail),
      refundSubOrderPayment({ subOrderId: sellerPart.id, staff: staffA }).then(orFail),
    ]);
    expectPlainAnswers(answers);
    expect(providerRefundedKobo(transactionId!)).toBeLessThanOrEqual(order.totalKobo);

    if ((await getOrder(order.id))!.status !== "refunded") await refundOrderPayment({ orderId: order.id, staff: staffA }).then(orFail);
    expect((await getOrder(order.id))!.status).toBe("refunded");
    expect(providerRefundedKobo(transactionId!)).toBe(order.totalKobo);
    expect(await refundedKobo(order.id, ["processed"])).toBe(order.totalKobo);
  });

  it("two clicks on the same part pay that part back once", async () => {
    const { order, sellerPart, transactionId } = await paidOrderWithSellerPart("paystack");
    const answers = await Promise.allSettled([
      refundSubOrderPayment({ subOrderId: sellerPart.id, staff: staffA }).then(orFail),
      refundSubOrderPayment({ subOrderId: sellerPart.id, staff: staffB }).then(orFail),
    ]);
    expectPlainAnswers(answers);
    const partRefunds = paystack.state.refunds.filter((r) => r.transactionId === transactionId);
    expect(partRefunds).toHaveLength(1);
    expect(await refundedKobo(order.id, ["processed"])).toBe(partRefunds[0]!.amountKobo);
    expect((await getOrder(order.id))!.status).toBe("paid");
  });
});
