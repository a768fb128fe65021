import { orFail } from "../../tests/support/results";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { checkoutFor, createCustomer, createTestProduct, makeUser, placeOrderOrFail } from "../../tests/support/store-fixtures";
import { fulfilled, giftVoucher, registerGiftVoucher, undone } from "../../tests/support/gift-voucher-kind";
import { useTestDatabase } from "../../tests/support/test-database";
import { addToCart } from "../cart/add-to-cart";
import { findOrCreateCart } from "../cart/find-or-create-cart";
import { putCartLine } from "../cart/put-cart-line";
import { readCart } from "../cart/read-cart";
import { getDb } from "../db/client";
import { confirmOfflinePayment } from "../payments/confirm-offline-payment";
import { refundOrderPayment } from "../payments/refund-order-payment";
import { orderLinesFromCart, placeOrder } from "./place-order";
import { purchasableKinds, registerPurchasableKind } from "./purchasable-kinds";
import { getSalesOverTime } from "./sales-over-time";
import { orderItems } from "./schema";

// The contract of docs/decisions/0013-one-cart-many-kinds.md: a kind nobody wrote the cart or checkout for (a gift
// voucher, made up here) is registered and bought through the real cart, checkout, payment and refund.

useTestDatabase();

beforeAll(() => registerGiftVoucher());

async function cartWithVoucher(userId: string, itemRef: string, quantity: number) {
  const { cartId } = await findOrCreateCart({ userId }, getDb());
  await putCartLine(getDb(), cartId, giftVoucher, { ...NO_REF, kind: "gift_voucher", itemRef, quantity }, quantity);
  return readCart({ userId });
}
const NO_REF = {
  variantId: null,
  courseIntakeId: null,
  zavchargeAccountId: null,
  zavchargePlanId: null,
  listingId: null,
  amountKobo: null,
};

describe("a kind registered by its context", () => {
  it("is bought through the one cart, checkout, payment and refund, fulfilled once and undone once", async () => {
    const buyer = await createCustomer("Chiamaka Eze");
    const lamp = await createTestProduct({ priceKobo: 1_200_000, onHand: 10 });
    await addToCart({ userId: buyer.userId }, { kind: "variant", variantId: lamp.variant.id, quantity: 1 });
    const cart = await cartWithVoucher(buyer.userId, "voucher-50k", 2);
    expect(cart.lines.map((l) => [l.productName, l.variantName, l.quantity, l.unitPriceKobo])).toEqual([
      ["200Ah Tubular Battery", "Standard", 1, 1_200_000],
      ["Gift voucher", "voucher-50k", 2, 5_000_000],
    ]);

    const { order } = await placeOrderOrFail({
      customer: { userId: buyer.userId, email: buyer.email },
      checkout: checkoutFor(buyer.name),
      lines: orderLinesFromCart(cart.lines),
    });
    // Not taxed, not shipped: VAT is on the lamp only.
    expect(order.subtotalKobo).toBe(11_200_000);
    const lines = await getDb().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.find((l) => l.kind === "gift_voucher")).toMatchObject({ itemRef: "voucher-50k", quantity: 2, lineTotalKobo: 10_000_000 });
    expect((await readCart({ userId: buyer.userId })).lines).toEqual([]);

    const staff = await makeUser("staff", "Funmilayo Adebayo");
    await confirmOfflinePayment({ orderId: order.id, reference: "ZEN/TRF/4410", staff }).then(orFail);
    await confirmOfflinePayment({ orderId: order.id, reference: "ZEN/TRF/4410", staff }).then(orFail);
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);

    const sales = await getSalesOverTime("day");
    expect(sales.categories).toContainEqual(expect.objectContaining({ category: "Gift vouchers", channel: "store" }));

    await refundOrderPayment({ orderId: order.id, staff, reason: "Bought by mistake" }).then(orFail);
    expect(undone.filter((id) => id === order.id)).toHaveLength(1);
  });

  it("refuses what it no longer sells and what cannot be paid on delivery, and places nothing", async () => {
    const buyer = await createCustomer("Tunde Bakare");
    const retired = await cartWithVoucher(buyer.userId, "voucher-retired", 1);
    expect(retired.lines[0]).toMatchObject({ maxQuantity: 0 });
    await expect(
      placeOrderOrFail({
        customer: { userId: buyer.userId, email: buyer.email },
        checkout: checkoutFor(buyer.name),
        lines: orderLinesFromCart(retired.lines),
      }),
    ).rejects.toThrow("That gift voucher is not sold any more.");

    const other = await createCustomer("Halima Sule");
    const cart = await cartWithVoucher(other.userId, "voucher-50k", 1);
    expect(
      await placeOrder({
        customer: { userId: other.userId, email: other.email },
        checkout: checkoutFor(other.name, { paymentMethod: "pay_on_delivery" }),
        lines: orderLinesFromCart(cart.lines),
      }),
    ).toMatchObject({ ok: false, error: { message: "Gift vouchers are paid before they are sent." } });
    expect((await readCart({ userId: other.userId })).lines).toHaveLength(1);
  });

  it("lists the site's own kinds once each, with their channels", () => {
    const own = purchasableKinds().filter((k) => k.kind !== "gift_voucher");
    expect(own.map((k) => [k.kind, k.channel])).toEqual([
      ["variant", "store"],
      ["course", "academy"],
      ["wallet_topup", "zavcharge"],
      ["plan_renewal", "zavcharge"],
      ["listing", "marketplace"],
      ["investment", "investments"],
    ]);
    expect(() => registerPurchasableKind(giftVoucher)).toThrow(/registered already/);
  });
});
