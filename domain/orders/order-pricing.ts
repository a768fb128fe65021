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
// - Each part of the order (the house, each marketplace seller) delivers its own goods and pays its own delivery fee.
// - Only lines that ship pay delivery (docs/decisions/0013-one-cart-many-kinds.md): a course is not delivered, so an
//   order of courses only has no delivery fee, and free delivery is judged on the goods that ship.

export const DELIVERY_METHODS = { standard: "Standard delivery", express: "Express delivery" } as const;
export type TDeliveryMethod = keyof typeof DELIVERY_METHODS;

/**
 * `ships` defaults to true: a store line is delivered; a course line says false. `taxable` defaults to true; a
 * ZavCharge wallet top-up says false (docs/product/zavcharge.md#wallet).
 */
export type TPricingLine = {
  unitPriceKobo: number;
  quantity: number;
  ships?: boolean;
  taxable?: boolean;
  /** The marketplace seller who delivers the line; none for the house's own goods. */
  shipsFrom?: string | null;
};
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

/** The key of the house's own part: lines without `shipsFrom`. */
export const HOUSE_PART = "";

export type TPartShipping = { key: string; ships: boolean; shippingKobo: number; freeDelivery: boolean; toFreeDeliveryKobo: number };

/**
 * Delivery per part of the order (docs/product/marketplace.md#buying): the house and each marketplace seller deliver
 * their own goods, so each part that ships pays its own fee, and free delivery is judged on each part's goods. An order
 * from the house alone has one part, priced as before. A discount counts against the house's goods.
 */
export function computePartShipping(
  lines: TPricingLine[],
  deliveryMethod: TDeliveryMethod,
  settings: TShippingSettings,
  discountKobo = 0,
): TPartShipping[] {
  const keys = [...new Set(lines.map((l) => l.shipsFrom ?? HOUSE_PART))];
  return keys.map((key) => {
    const shipped = lines.filter((l) => (l.shipsFrom ?? HOUSE_PART) === key && l.ships !== false);
    const ships = shipped.length > 0;
    // A discount counts against the goods that ship first, so it never makes delivery free by itself.
    const discount = key === HOUSE_PART ? discountKobo : 0;
    const shippedGoodsKobo = Math.max(0, shipped.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0) - discount);
    const qualifies = shippedGoodsKobo >= settings.freeShippingThreshold;
    const freeDelivery = ships && (!settings.shippingEnabled || (deliveryMethod === "standard" && qualifies));
    const fee = deliveryMethod === "express" ? settings.expressShippingFee : settings.standardShippingFee;
    return {
      key,
      ships,
      shippingKobo: !ships || freeDelivery ? 0 : fee,
      freeDelivery,
      toFreeDeliveryKobo: ships && settings.shippingEnabled && !qualifies ? settings.freeShippingThreshold - shippedGoodsKobo : 0,
    };
  });
}

export function computeOrderTotals(
  lines: TPricingLine[],
  deliveryMethod: TDeliveryMethod,
  settings: TShippingSettings,
  discountKobo = 0,
): TOrderTotals {
  const subtotalKobo = lines.reduce((sum, l) => sum + l.unitPriceKobo * l.quantity, 0);
  const discount = Math.min(Math.max(0, discountKobo), subtotalKobo);
  const goodsKobo = subtotalKobo - discount;
  const parts = computePartShipping(lines, deliveryMethod, settings, discount).filter((p) => p.ships);
  const ships = parts.length > 0;
  const shippingKobo = parts.reduce((sum, p) => sum + p.shippingKobo, 0);
  // The free-delivery nudge speaks of one part: the only one that ships, or else the house's.
  const nudged = parts.length === 1 ? parts[0] : parts.find((p) => p.key === HOUSE_PART);
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
    freeDelivery: ships && parts.every((p) => p.freeDelivery),
    toFreeDeliveryKobo: nudged?.toFreeDeliveryKobo ?? 0,
  };
}

/**
 * What one part of an order cost the buyer (docs/product/marketplace.md#refunds): its goods and delivery with the VAT
 * on them. The order rounds its VAT once, so the parts' VAT may add up to a kobo more or less than the order's.
 */
export function partTotalKobo(part: { subtotalKobo: number; shippingKobo: number }, vatRateBasisPoints: number): number {
  const base = part.subtotalKobo + part.shippingKobo;
  return base + Math.round((base * vatRateBasisPoints) / 10_000);
}
