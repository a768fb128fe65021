import { describe, expect, it } from "vitest";
import { createCustomer, createTestProduct, placeTestOrder } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { countQueries } from "../db/query-count";
import { getDb } from "../db/client";
import { getOrder } from "./get-order";
import { listCustomerOrders } from "./list-customer-orders";
import { markOrderPaid } from "./mark-order-paid";

useTestDatabase();

describe("a customer's orders on their dashboard", () => {
  it("lists each order, newest first, with its own lines and timeline, in one statement; nobody else's", async () => {
    const buyer = await createCustomer("Chidinma Eze");
    const other = await createCustomer("Emeka Nwosu");
    const { variant: lamp } = await createTestProduct({ priceKobo: 1_000_000, onHand: 20 });
    const { variant: panel } = await createTestProduct({ priceKobo: 2_000_000, onHand: 20 });
    const first = (await placeTestOrder(buyer, [{ variantId: lamp.id, quantity: 2 }])).order;
    const second = (
      await placeTestOrder(buyer, [
        { variantId: panel.id, quantity: 1 },
        { variantId: lamp.id, quantity: 1 },
      ])
    ).order;
    await placeTestOrder(other, [{ variantId: panel.id, quantity: 3 }]);
    await getDb().transaction((tx) =>
      markOrderPaid(tx, {
        orderId: first.id,
        actorLabel: "Tunde Bakare",
        payment: { method: "bank_transfer", reference: "GTB-1", amountKobo: first.totalKobo },
      }),
    );

    const { listed, statements } = await countQueries(async (read) => ({
      listed: await listCustomerOrders(buyer.userId),
      statements: read(),
    }));
    expect(statements).toBe(1);
    expect(listed.map((o) => o.id)).toEqual([second.id, first.id]);
    // The same lines and timeline as the order's own page reads.
    for (const o of listed) {
      const full = (await getOrder(o.id))!;
      expect(o.items).toEqual(
        full.items.map((i) => ({
          id: i.id,
          productName: i.productName,
          variantName: i.variantName,
          quantity: i.quantity,
          lineTotalKobo: i.lineTotalKobo,
        })),
      );
      expect(o.events).toEqual(
        full.events.map((e) => ({ id: e.id, toStatus: e.toStatus, actorLabel: e.actorLabel, note: e.note, createdAt: e.createdAt })),
      );
      expect(o).toMatchObject({ number: full.number, totalKobo: full.totalKobo, paidAt: full.paidAt, deliveryDays: full.deliveryDays });
    }
    expect(listed[1]!.events.map((e) => e.toStatus)).toEqual(["pending_payment", "paid"]);
    expect(listed[0]!.items).toHaveLength(2);
  });
});
