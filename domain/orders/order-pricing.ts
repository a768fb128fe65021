import type { TSettings } from "../settings/settings";

// What an order costs. Pure and isomorphic: the checkout page shows these numbers and the server computes
// them again from the database when the order is placed; what the form sends is never trusted.
//
// Decisions (tested in order-pricing.test.ts):
// - Free delivery is judged on the goods after discounts (what the customer really pays for them),
//   before VAT and delivery: a coupon can take an order below the threshold.
// - Free delivery covers standard delivery only; express is always charged.
// - VAT applies to goods after discounts plus delivery, rounded to the nearest kobo; a wallet top-up is not taxed.
// - With shipping switched off in the settings, delivery is not charged.
// - Only lines that ship pay delivery (docs/decisions/0013-one-cart-many-kinds.md): a course is not delivered, so an
//   order of courses only has no delivery fee, and free delivery is judged on the goods that ship.

export const DELIVERY_METHODS = { standard: "Standard delivery", express: "Express delivery" } as const;
export type TDeliveryMethod = keyof typeof DELIVERY_METHODS;

/**
 * `ships` defaults to true: a store line is delivered; a course line says false. `taxable` defaults to true; a
 * ZavCharge wallet top-up says false (docs/product/zavcharge.md#wallet).
 */
export type TPricingLine = { unitPriceKobo: number; quantity: number; ships?: boolean; taxable?: boolean };
export type TShippingSettings = Pick<
  TSettings,
  | "shippingEnabled"
  | "freeShippingThreshold"
  | "standardShippingFee"
  | "expressShippingFee"
  | "estimatedDeliveryDays"
  | "expressDeliveryDays"
  | "vatRateBasisPoints"
>;

export type TOrderTotals = {
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  vatKobo: number;
  vatRateBasisPoints: number;
  totalKobo: number;
  deliveryDays: number;
  /** Whether anything in the order is delivered; false for an order of courses only. */
  ships: boolean;
  freeDelivery: boolean;
  /** How much more in goods earns free standard delivery; 0 once it applies or when it cannot. */
  toFreeDeliveryKobo: number;
};

export function computeOrderTotals(
  lines: TPricingLine[],
  deliveryMethod: TDeliveryMethod,
  settings: TShippingSettings,
  discountKobo = 0,
): TOrderTotals {
  const subtotalKobo = lines.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  const discount = Math.min(Math.max(0, discountKobo), subtotalKobo);
  const goodsKobo = subtotalKobo - discount;
  const shipped = lines.filter((l) => l.ships !== false);
  const ships = shipped.length > 0;
  // A discount counts against the goods that ship first, so it never makes delivery free by itself.
  const shippedGoodsKobo = Math.max(0, shipped.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0) - discount);
  const qualifies = shippedGoodsKobo >= settings.freeShippingThreshold;
  const freeDelivery = ships && (!settings.shippingEnabled || (deliveryMethod === "standard" && qualifies));
  const fee = deliveryMethod === "express" ? settings.expressShippingFee : settings.standardShippingFee;
  const shippingKobo = !ships || freeDelivery ? 0 : fee;
  const untaxedKobo = lines.filter((l) => l.taxable === false).reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  const taxableGoodsKobo = Math.max(0, goodsKobo - untaxedKobo);
  const vatKobo = Math.round(((taxableGoodsKobo + shippingKobo) * settings.vatRateBasisPoints) / 10_000);
  return {
    subtotalKobo,
    discountKobo: discount,
    shippingKobo,
    vatKobo,
    vatRateBasisPoints: settings.vatRateBasisPoints,
    totalKobo: goodsKobo + shippingKobo + vatKobo,
    deliveryDays: !ships ? 0 : deliveryMethod === "express" ? settings.expressDeliveryDays : settings.estimatedDeliveryDays,
    ships,
    freeDelivery,
    toFreeDeliveryKobo: ships && settings.shippingEnabled && !qualifies ? settings.freeShippingThreshold - shippedGoodsKobo : 0,
  };
}
