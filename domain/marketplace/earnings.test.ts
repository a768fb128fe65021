import { describe, expect, it } from "vitest";
import { defaultSettings } from "../settings/settings";
import {
  commissionRateBasisPoints,
  earningAvailableAt,
  earningState,
  lineCommissionKobo,
  sellerBalance,
  sellerEarningKobo,
} from "./earnings";
import { computeOrderTotals, computePartShipping } from "../orders/order-pricing";

const settings = defaultSettings();

describe("commission", () => {
  it("charges the commission setting, capped by the maximum commission", () => {
    expect(commissionRateBasisPoints({ marketplaceCommission: 10, maxCommission: 15 })).toBe(1000);
    expect(commissionRateBasisPoints({ marketplaceCommission: 20, maxCommission: 15 })).toBe(1500);
    expect(commissionRateBasisPoints({ marketplaceCommission: 10, maxCommission: 0 })).toBe(0);
  });

  it("rounds each line's commission down to the whole kobo, in the seller's favour", () => {
    // 10% of ₦12,345.67 is 123,456.7 kobo: the 0.7 kobo stays with the seller.
    expect(lineCommissionKobo(1_234_567, 1000)).toBe(123_456);
    expect(lineCommissionKobo(1_234_560, 1000)).toBe(123_456);
    // 7% of 1 kobo is nothing.
    expect(lineCommissionKobo(1, 700)).toBe(0);
    expect(lineCommissionKobo(8_500_000, 1500)).toBe(1_275_000);
  });

  it("pays the seller the goods less commission plus their delivery fee", () => {
    expect(sellerEarningKobo({ subtotalKobo: 8_500_000, commissionKobo: 850_000, shippingKobo: 250_000 })).toBe(7_900_000);
  });
});

describe("parts of an order", () => {
  it("charges each part that ships its own delivery, judged on its own goods", () => {
    const lines = [
      { unitPriceKobo: 6_000_000, quantity: 1 }, // the house: above ₦50,000, ships free
      { unitPriceKobo: 1_500_000, quantity: 2, shipsFrom: "musa" }, // ₦30,000 from a seller: pays ₦2,500
      { unitPriceKobo: 4_500_000, quantity: 1, shipsFrom: "bello", ships: false }, // a design: no delivery
    ];
    const parts = computePartShipping(lines, "standard", settings);
    expect(parts.map((p) => [p.key, p.shippingKobo])).toEqual([
      ["", 0],
      ["musa", 250_000],
      ["bello", 0],
    ]);
    const totals = computeOrderTotals(lines, "standard", settings);
    expect(totals.shippingKobo).toBe(250_000);
    expect(totals.freeDelivery).toBe(false);
    // VAT 7.5% on all goods and delivery.
    expect(totals.vatKobo).toBe(Math.round(((6_000_000 + 3_000_000 + 4_500_000 + 250_000) * 750) / 10_000));
  });

  it("prices a house-only order as one part, as before", () => {
    const totals = computeOrderTotals([{ unitPriceKobo: 1_000_000, quantity: 1 }], "express", settings);
    expect(totals.shippingKobo).toBe(settings.expressShippingFee);
  });
});

describe("earnings", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const delivered = new Date("2026-11-16T12:00:00Z");

  it("becomes available when the refund window after delivery closes", () => {
    const availableAt = earningAvailableAt(delivered, 7);
    expect(availableAt.toISOString()).toBe("2026-11-23T12:00:00.000Z");
    expect(earningState({ status: "held", availableAt }, now)).toBe("available");
    expect(earningState({ status: "held", availableAt: earningAvailableAt(delivered, 10) }, now)).toBe("pending");
    expect(earningState({ status: "held", availableAt: null }, now)).toBe("pending");
    expect(earningState({ status: "reversed", availableAt }, now)).toBe("reversed");
  });

  it("takes requested, sending and paid payouts from the available balance; declined and failed ones give it back", () => {
    const past = new Date("2026-11-01T00:00:00Z");
    const balance = sellerBalance(
      [
        { amountKobo: 7_900_000, status: "held", availableAt: past },
        { amountKobo: 1_000_000, status: "held", availableAt: null },
        { amountKobo: 500_000, status: "reversed", availableAt: past },
      ],
      [
        { amountKobo: 2_000_000, status: "paid" },
        { amountKobo: 900_000, status: "requested" },
        { amountKobo: 3_000_000, status: "declined" },
        { amountKobo: 400_000, status: "sending" },
        { amountKobo: 1_500_000, status: "failed" },
      ],
      now,
    );
    expect(balance).toEqual({ pendingKobo: 1_000_000, availableKobo: 4_600_000, requestedKobo: 1_300_000, paidOutKobo: 2_000_000 });
  });
});

describe("sales by week", () => {
  it("counts Lagos weeks from Monday and fills the weeks without sales", async () => {
    const { fillSalesWeeks, mondayOf } = await import("./sales");
    expect(mondayOf("2026-11-24")).toBe("2026-11-23"); // a Tuesday
    expect(mondayOf("2026-11-29")).toBe("2026-11-23"); // the Sunday after
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    // 23:30 UTC on Sunday 29 Nov is already Monday 30 Nov in Lagos.
    const weeks = fillSalesWeeks([{ weekStart: "2026-11-23", goodsKobo: 14_200_000, orders: 1 }], new Date("2026-11-29T23:30:00Z"), 3);
    expect(weeks).toEqual([
      { weekStart: "2026-11-16", goodsKobo: 0, orders: 0 },
      { weekStart: "2026-11-23", goodsKobo: 14_200_000, orders: 1 },
      { weekStart: "2026-11-30", goodsKobo: 0, orders: 0 },
    ]);
  });
});
