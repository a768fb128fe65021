import { describe, expect, it } from "vitest";
import { computeOrderTotals, type TShippingSettings } from "./order-pricing";

const SETTINGS: TShippingSettings = {
  shippingEnabled: true,
  freeShippingThreshold: 5_000_000, // ₦50,000
  standardShippingFee: 250_000,
  expressShippingFee: 500_000,
  estimatedDeliveryDays: 5,
  expressDeliveryDays: 2,
  vatRateBasisPoints: 750,
};
const goods = (naira: number) => [{ unitPriceKobo: naira * 100, quantity: 1 }];

describe("order totals", () => {
  it("ships standard free from the threshold up, and says how far below it an order is", () => {
    expect(computeOrderTotals(goods(50_000), "standard", SETTINGS)).toMatchObject({
      shippingKobo: 0,
      freeDelivery: true,
      toFreeDeliveryKobo: 0,
      deliveryDays: 5,
    });
    expect(computeOrderTotals(goods(49_999), "standard", SETTINGS)).toMatchObject({
      shippingKobo: 250_000,
      freeDelivery: false,
      toFreeDeliveryKobo: 100,
    });
  });

  it("judges the threshold on goods after discounts, before VAT and delivery", () => {
    // ₦55,000 of goods with a ₦10,000 discount is ₦45,000: below ₦50,000, so delivery is charged.
    const t = computeOrderTotals(goods(55_000), "standard", SETTINGS, 1_000_000);
    expect(t).toMatchObject({ subtotalKobo: 5_500_000, discountKobo: 1_000_000, shippingKobo: 250_000, toFreeDeliveryKobo: 500_000 });
    // VAT on (45,000 + 2,500) = ₦3,562.50; total ₦51,062.50.
    expect(t).toMatchObject({ vatKobo: 356_250, totalKobo: 5_106_250 });
  });

  it("always charges express, and charges nothing when shipping is switched off", () => {
    expect(computeOrderTotals(goods(80_000), "express", SETTINGS)).toMatchObject({ shippingKobo: 500_000, deliveryDays: 2 });
    expect(computeOrderTotals(goods(10_000), "express", { ...SETTINGS, shippingEnabled: false })).toMatchObject({
      shippingKobo: 0,
      toFreeDeliveryKobo: 0,
    });
  });

  it("rounds VAT to the kobo, never lets a discount take the goods below zero", () => {
    expect(computeOrderTotals([{ unitPriceKobo: 333, quantity: 3 }], "standard", { ...SETTINGS, shippingEnabled: false }).vatKobo).toBe(75); // 999 x 7.5% = 74.9
    expect(computeOrderTotals(goods(1_000), "standard", SETTINGS, 10_000_000)).toMatchObject({
      discountKobo: 100_000,
      shippingKobo: 250_000,
    });
  });

  it("charges delivery only for lines that ship: a course-only order has none, a mixed one judges free delivery on the goods", () => {
    const course = { unitPriceKobo: 15_000_000, quantity: 1, ships: false };
    expect(computeOrderTotals([course], "express", SETTINGS)).toMatchObject({
      shippingKobo: 0,
      ships: false,
      freeDelivery: false,
      toFreeDeliveryKobo: 0,
      deliveryDays: 0,
      // VAT on the course as on goods: 7.5 % of ₦150,000.
      vatKobo: 1_125_000,
      totalKobo: 16_125_000,
    });
    // ₦150,000 course + ₦10,000 of goods: the goods are below ₦50,000, so standard delivery is charged.
    expect(computeOrderTotals([course, ...goods(10_000)], "standard", SETTINGS)).toMatchObject({
      shippingKobo: 250_000,
      ships: true,
      toFreeDeliveryKobo: 4_000_000,
    });
  });

  it("charges no VAT and no delivery on a ZavCharge wallet top-up, and VAT on what else is in the order", () => {
    const topUp = { unitPriceKobo: 500_000, quantity: 1, ships: false, taxable: false };
    expect(computeOrderTotals([topUp], "standard", SETTINGS)).toMatchObject({ vatKobo: 0, shippingKobo: 0, totalKobo: 500_000 });
    const renewal = { unitPriceKobo: 1_500_000, quantity: 1, ships: false };
    expect(computeOrderTotals([topUp, renewal], "standard", SETTINGS)).toMatchObject({ vatKobo: 112_500, totalKobo: 2_112_500 });
  });
});
