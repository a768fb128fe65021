import { orFail } from "../../tests/support/results";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listProduct, makeSeller } from "../../tests/support/marketplace-fixtures";
import { checkoutFor, createCustomer, createTestProduct, makeUser, placeOrderOrFail } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { getDb } from "../db/client";
import { refundSubOrderPayment } from "../payments/refund-sub-order-payment";
import { markOrderPaid } from "./mark-order-paid";
import { type TOrderLineInput } from "./place-order";
import { orders, subOrders } from "./schema";
import { getSalesOverTime } from "./sales-over-time";

// Sales over time (docs/product/alerts-and-audit.md#sales-over-time) from real orders: paid goods only, by channel and
// category, a refunded seller's part left out, in Lagos days.

useTestDatabase();

async function paidOrder(lines: TOrderLineInput[], paidAt: Date) {
  const buyer = await createCustomer("Hauwa Garba");
  const { order } = await placeOrderOrFail({ customer: buyer, checkout: checkoutFor(buyer.name), lines });
  await getDb().transaction((tx) =>
    markOrderPaid(tx, {
      orderId: order.id,
      actorLabel: "Paystack webhook",
      payment: { method: "paystack", reference: `PSK-${order.id.slice(0, 8)}`, amountKobo: order.totalKobo },
    }),
  );
  await getDb().update(orders).set({ paidAt }).where(eq(orders.id, order.id));
  return order;
}

describe("sales over time", () => {
  it("counts paid goods by Lagos day and channel, without delivery, VAT, unpaid orders or a refunded part", async () => {
    // 22:30 UTC on the 24th is 23:30 in Lagos: still the 24th; 23:30 UTC is the 25th.
    const now = new Date("2026-11-25T10:00:00Z");
    const before = await getSalesOverTime("day", now);
    const { variant } = await createTestProduct({ name: "Solar lantern", priceKobo: 4_500_000, onHand: 10 });
    const seller = await makeSeller("seller", "Musa Danjuma");
    const desk = await listProduct(seller, { priceKobo: 8_500_000, stock: 5 });
    const stool = await listProduct(seller, { priceKobo: 3_000_000, stock: 5 });

    await paidOrder([{ kind: "variant", variantId: variant.id, quantity: 2 }], new Date("2026-11-24T22:30:00Z"));
    await paidOrder(
      [
        { kind: "variant", variantId: variant.id, quantity: 1 },
        { kind: "listing", listingId: desk.id, quantity: 1 },
      ],
      new Date("2026-11-24T23:30:00Z"),
    );
    const partlyRefunded = await paidOrder(
      [
        { kind: "variant", variantId: variant.id, quantity: 1 },
        { kind: "listing", listingId: stool.id, quantity: 1 },
      ],
      new Date("2026-11-25T08:00:00Z"),
    );
    const [, part] = await getDb().select().from(subOrders).where(eq(subOrders.orderId, partlyRefunded.id)).orderBy(subOrders.position);
    const staff = await makeUser("staff", "Tunde Bakare");
    expect(await refundSubOrderPayment({ subOrderId: part!.id, staff: { id: staff.id, name: staff.name } }).then(orFail)).toMatchObject({
      changed: true,
    });
    // Placed, never paid.
    const buyer = await createCustomer("Tobi Adebayo");
    await placeOrderOrFail({
      customer: buyer,
      checkout: checkoutFor(buyer.name),
      lines: [{ kind: "variant", variantId: variant.id, quantity: 3 }],
    });

    const after = await getSalesOverTime("day", now);
    const day = (sales: typeof after, key: string) => sales.buckets.find((b) => b.key === key)!;
    expect(day(after, "2026-11-24").byChannel.store - day(before, "2026-11-24").byChannel.store).toBe(9_000_000);
    expect(day(after, "2026-11-25").byChannel.store - day(before, "2026-11-25").byChannel.store).toBe(9_000_000);
    expect(day(after, "2026-11-25").byChannel.marketplace - day(before, "2026-11-25").byChannel.marketplace).toBe(8_500_000);
    // The stool's part was paid back: the house's lantern in that order still counts, the stool does not.
    expect(day(after, "2026-11-25").orders - day(before, "2026-11-25").orders).toBe(2);
    expect(after.totalKobo - before.totalKobo).toBe(26_500_000);
    const furniture = after.categories.find((c) => c.channel === "marketplace" && c.category === "Smart furniture");
    expect(furniture?.kobo).toBe(8_500_000 + (before.categories.find((c) => c.channel === "marketplace")?.kobo ?? 0));

    const byMonth = await getSalesOverTime("month", now);
    expect(byMonth.buckets.at(-1)!.key).toBe("2026-11");
    expect(byMonth.buckets).toHaveLength(12);
  });
});
