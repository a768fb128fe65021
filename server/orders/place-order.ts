import { DESIGN_LINE_NAME } from "@domain/marketplace/listings";
import { eq } from "drizzle-orm";
import { RESERVATION_HOURS, type TCheckout } from "@domain/orders/checkout-input";
import { lineName } from "@domain/catalog/line-name";
import { formatKobo } from "@domain/money/money";
import { computeOrderTotals } from "@domain/orders/order-pricing";
import { formatOrderNumber } from "@domain/orders/order-status";
import { courseLineSku, intakeLineName } from "@domain/academy/course-line";
import { findEnrolableIntake } from "../academy/find-enrolable-intake";
import { clearCart } from "../cart/clear-cart";
import { recordCartRecovery } from "../cart/record-cart-recovery";
import { getVariantsForOrder } from "../catalog/get-variants-for-order";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { bumpContentVersion } from "../http/page-cache";
import { enabledPaymentMethods } from "../payments/enabled-payment-methods";
import { publicUrl } from "../env";
import { reserveStock, type TStockLine } from "../inventory/reserve-stock";
import { enqueueEmail } from "../messaging/enqueue-email";
import { notifyOrderPlaced } from "../notifications/order-notifications";
import { queueOrderReceivedSms } from "../messaging/sms/order-sms";
import { orderConfirmationEmail } from "../messaging/order-emails";
import { getSettings } from "../settings/get-settings";
import { orderEvents, orderItems, orders, subOrders } from "./schema";
import { commissionRateBasisPoints, lineCommissionKobo } from "@domain/marketplace/earnings";
import { computePartShipping, HOUSE_PART } from "@domain/orders/order-pricing";
import { describeListingsForCart, listingMaxQuantity, listingRefusal, listingShips } from "../marketplace/describe-listings-for-cart";
import { holdListingStock } from "../marketplace/listing-stock-holds";
import { AppError } from "@domain/errors/app-error";
import type { TCartLine } from "@domain/cart/cart";
import { priceZavChargeLine, type TZavChargeOrderLine } from "../zavcharge/wallet/price-zavcharge-line";

/** A line to order (docs/decisions/0013-one-cart-many-kinds.md): a store variant with a quantity, or one seat in a course intake. */
export type TOrderLineInput =
  | ({ kind?: "variant" } & TStockLine)
  | { kind: "course"; courseIntakeId: number }
  | TZavChargeOrderLine
  | { kind: "listing"; listingId: number; quantity: number };

/** The cart's lines as lines to order: what each buys, never a price (read again when the order is placed). */
export function orderLinesFromCart(lines: TCartLine[]): TOrderLineInput[] {
  return lines.map((l): TOrderLineInput => {
    if (l.kind === "course") return { kind: "course", courseIntakeId: l.courseIntakeId! };
    if (l.kind === "wallet_topup") return { kind: "wallet_topup", zavchargeAccountId: l.zavchargeAccountId!, amountKobo: l.unitPriceKobo };
    if (l.kind === "plan_renewal")
      return { kind: "plan_renewal", zavchargeAccountId: l.zavchargeAccountId!, zavchargePlanId: l.zavchargePlanId! };
    if (l.kind === "listing") return { kind: "listing", listingId: l.listingId!, quantity: l.quantity };
    return { variantId: l.variantId!, quantity: l.quantity };
  });
}

export type TPlaceOrder = {
  customer: { userId: string; email: string };
  checkout: TCheckout;
  /** The cart's lines; prices and names are read again from the catalogue and the academy here. */
  lines: TOrderLineInput[];
};

type TPricedLine = {
  kind: "variant" | "course" | "wallet_topup" | "plan_renewal" | "listing";
  /** A marketplace line: the listing and its seller (null for the house's own goods). */
  listingId?: number | null;
  sellerId?: string | null;
  variantId: number | null;
  courseIntakeId: number | null;
  zavchargeAccountId: number | null;
  zavchargePlanId: number | null;
  taxable: boolean;
  productName: string;
  variantName: string;
  sku: string;
  priceKobo: number;
  quantity: number;
  ships: boolean;
};

/**
 * Turns the cart into an order in one transaction: prices from the catalogue, totals from the settings,
 * stock reserved under row locks, the cart emptied, the confirmation e-mail queued. The checkout key makes
 * it idempotent: a double click or a refresh gets the order the first submission made.
 */
export async function placeOrder(input: TPlaceOrder) {
  const earlier = await findByCheckoutKey(input);
  if (earlier) return { order: earlier, created: false };
  try {
    const placed = await insertOrder(input);
    // A held seat changes the seats a course page shows as left.
    if (input.lines.some((l) => l.kind === "course")) bumpContentVersion();
    return placed;
  } catch (error) {
    // Two submissions of one form at the same moment: the second finds the first's order.
    const winner = isUniqueViolation(error) ? await findByCheckoutKey(input) : undefined;
    if (winner) return { order: winner, created: false };
    throw error;
  }
}

async function findByCheckoutKey({ customer, checkout }: TPlaceOrder) {
  const [existing] = await getDb().select().from(orders).where(eq(orders.checkoutKey, checkout.checkoutKey));
  if (existing && existing.userId !== customer.userId)
    throw new AppError("invalid_input", "This checkout form has expired. Reload the page and try again.");
  return existing;
}

async function insertOrder({ customer, checkout, lines }: TPlaceOrder) {
  if (lines.length === 0) throw new AppError("invalid_input", "Your cart is empty.");
  if (!enabledPaymentMethods().includes(checkout.paymentMethod))
    throw new AppError("invalid_input", "That payment method is not available. Please choose another.");
  const settings = await getSettings();

  return getDb().transaction(async (tx) => {
    const stockLines = lines.flatMap((l) =>
      l.kind === undefined || l.kind === "variant" ? [{ variantId: l.variantId, quantity: l.quantity }] : [],
    );
    const zavchargeLines = lines.flatMap((l) => (l.kind === "wallet_topup" || l.kind === "plan_renewal" ? [l] : []));
    if (zavchargeLines.length > 0 && checkout.paymentMethod === "pay_on_delivery")
      throw new AppError("invalid_input", "ZavCharge top-ups and renewals cannot be paid on delivery. Please choose another way to pay.");
    const courseLines = lines.flatMap((l) => (l.kind === "course" ? [l.courseIntakeId] : []));
    if (courseLines.length > 0 && checkout.paymentMethod === "pay_on_delivery")
      throw new AppError("invalid_input", "Courses cannot be paid on delivery. Please choose another way to pay.");
    const listingLines = lines.flatMap((l) => (l.kind === "listing" ? [l] : []));
    if (listingLines.length > 0 && checkout.paymentMethod === "pay_on_delivery")
      throw new AppError(
        "invalid_input",
        "Marketplace items are paid online or by bank transfer, not on delivery. Please choose another way to pay.",
      );
    const variants = new Map(
      (
        await getVariantsForOrder(
          tx,
          stockLines.map((l) => l.variantId),
        )
      ).map((v) => [v.variantId, v]),
    );
    const priced: TPricedLine[] = stockLines.map((l) => {
      const v = variants.get(l.variantId);
      if (!v) throw new AppError("conflict", "An item in your cart is no longer sold. Remove it and try again.");
      if (l.quantity > v.maxPerOrder)
        throw new AppError("invalid_input", `You can buy at most ${v.maxPerOrder} of ${v.productName} in one order.`);
      return {
        ...l,
        ...v,
        kind: "variant",
        courseIntakeId: null,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        taxable: true,
        ships: true,
      };
    });
    // A seat: the academy says again whether it can be bought now (deadline, seats held by other unpaid orders,
    // already enrolled) and at what price; the intake stays locked until this order holds its seat.
    for (const intakeId of [...new Set(courseLines)].sort((a, b) => a - b)) {
      const found = await findEnrolableIntake(tx, { userId: customer.userId, intakeId });
      if (!found.ok) throw found.error;
      if (found.priceKobo <= 0) throw new AppError("invalid_input", `${found.title} is free: enrol from the course page instead.`);
      priced.push({
        kind: "course",
        variantId: null,
        courseIntakeId: intakeId,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        taxable: true,
        productName: found.title,
        variantName: intakeLineName(found.startsAt),
        sku: courseLineSku(found.slug, intakeId),
        priceKobo: found.priceKobo,
        quantity: 1,
        ships: false,
      });
    }
    for (const l of zavchargeLines) {
      const z = await priceZavChargeLine(tx, l);
      priced.push({
        kind: l.kind,
        variantId: null,
        courseIntakeId: null,
        zavchargeAccountId: l.zavchargeAccountId,
        quantity: 1,
        ships: false,
        ...z,
      });
    }
    // Sellers' lines (docs/product/marketplace.md#buying): the listing rows stay locked until the order has taken their stock.
    const listings = await describeListingsForCart(
      tx,
      listingLines.map((l) => l.listingId),
      { lock: true },
    );
    for (const l of listingLines) {
      const listing = listings.get(l.listingId);
      const refusal = listingRefusal(listing, customer.userId);
      if (refusal || !listing) throw new AppError("conflict", `${refusal} Remove it from your cart and try again.`);
      const max = listingMaxQuantity(listing);
      if (l.quantity > max)
        throw new AppError("conflict", `Only ${max} of ${listing.title} can be bought now. Lower the quantity in your cart and try again.`);
      priced.push({
        kind: "listing",
        variantId: null,
        courseIntakeId: null,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        listingId: listing.listingId,
        sellerId: listing.sellerId,
        taxable: true,
        productName: listing.title,
        variantName: listing.kind === "design" ? DESIGN_LINE_NAME : `Sold by ${listing.sellerName}`,
        sku: `MKT-${listing.listingId}`,
        priceKobo: listing.priceKobo,
        quantity: l.quantity,
        ships: listingShips(listing),
      });
    }
    const pricingLines = priced.map((p) => ({
      unitPriceKobo: p.priceKobo,
      quantity: p.quantity,
      ships: p.ships,
      taxable: p.taxable,
      shipsFrom: p.sellerId ?? null,
    }));
    const totals = computeOrderTotals(pricingLines, checkout.deliveryMethod, settings);
    if (checkout.expectedTotalKobo !== undefined && checkout.expectedTotalKobo !== totals.totalKobo) {
      throw new AppError(
        "conflict",
        `The total changed to ${formatKobo(totals.totalKobo)} since you opened this page (a price or a setting changed). Check the summary and place the order again.`,
      );
    }

    const [order] = await tx
      .insert(orders)
      .values({
        userId: customer.userId,
        email: customer.email,
        customerName: checkout.fullName,
        phone: checkout.phone,
        addressLine: checkout.addressLine,
        city: checkout.city,
        state: checkout.state,
        deliveryMethod: checkout.deliveryMethod,
        deliveryDays: totals.deliveryDays,
        paymentMethod: checkout.paymentMethod,
        subtotalKobo: totals.subtotalKobo,
        discountKobo: totals.discountKobo,
        shippingKobo: totals.shippingKobo,
        vatKobo: totals.vatKobo,
        vatRateBasisPoints: totals.vatRateBasisPoints,
        totalKobo: totals.totalKobo,
        checkoutKey: checkout.checkoutKey,
      })
      .returning();
    // One part per seller, the house first (docs/product/marketplace.md#buying); commission fixed per line now.
    const rate = commissionRateBasisPoints(settings);
    const shippingOf = new Map(computePartShipping(pricingLines, checkout.deliveryMethod, settings).map((p) => [p.key, p.shippingKobo]));
    const sellerKeys = [...new Set(priced.map((p) => p.sellerId ?? HOUSE_PART))].sort(
      (a, b) => Number(a !== HOUSE_PART) - Number(b !== HOUSE_PART),
    );
    const partIdOf = new Map<string, number>();
    for (const [index, key] of sellerKeys.entries()) {
      const partLines = priced.filter((p) => (p.sellerId ?? HOUSE_PART) === key);
      const [part] = await tx
        .insert(subOrders)
        .values({
          orderId: order!.id,
          sellerId: key === HOUSE_PART ? null : key,
          position: index + 1,
          subtotalKobo: partLines.reduce((sum, p) => sum + p.priceKobo * p.quantity, 0),
          shippingKobo: shippingOf.get(key) ?? 0,
          commissionKobo: partLines.reduce((sum, p) => sum + (p.sellerId ? lineCommissionKobo(p.priceKobo * p.quantity, rate) : 0), 0),
        })
        .returning({ id: subOrders.id });
      partIdOf.set(key, part!.id);
    }
    await tx.insert(orderItems).values(
      priced.map((p) => ({
        orderId: order!.id,
        subOrderId: partIdOf.get(p.sellerId ?? HOUSE_PART)!,
        listingId: p.listingId ?? null,
        commissionKobo: p.sellerId ? lineCommissionKobo(p.priceKobo * p.quantity, rate) : 0,
        kind: p.kind,
        variantId: p.variantId,
        courseIntakeId: p.courseIntakeId,
        zavchargeAccountId: p.zavchargeAccountId,
        zavchargePlanId: p.zavchargePlanId,
        productName: p.productName,
        variantName: p.variantName,
        sku: p.sku,
        unitPriceKobo: p.priceKobo,
        quantity: p.quantity,
        lineTotalKobo: p.priceKobo * p.quantity,
      })),
    );
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: "pending_payment",
      actorUserId: customer.userId,
      actorLabel: "Customer",
      note: "Order placed",
    });
    if (stockLines.length > 0)
      await reserveStock(tx, order!.id, stockLines, new Date(Date.now() + RESERVATION_HOURS[checkout.paymentMethod] * 3_600_000));
    const heldListings = priced.flatMap((p) =>
      p.listingId && listings.get(p.listingId)?.kind === "product"
        ? [{ listingId: p.listingId, quantity: p.quantity, title: p.productName }]
        : [],
    );
    if (heldListings.length > 0) await holdListingStock(tx, order!.id, heldListings);
    await clearCart(customer.userId, tx);
    // A reminded cart this order brings back (docs/product/store-and-orders.md#abandoned-carts); no reminder after it.
    await recordCartRecovery(tx, { userId: customer.userId, orderId: order!.id, totalKobo: totals.totalKobo, placedAt: order!.createdAt });
    await enqueueEmail(
      tx,
      "order_confirmation",
      { email: customer.email, name: checkout.fullName },
      orderConfirmationEmail(
        {
          orderId: order!.id,
          orderNumber: formatOrderNumber(order!.number),
          customerName: checkout.fullName,
          customerEmail: customer.email,
          items: priced.map((p) => ({
            name: lineName(p),
            quantity: p.quantity,
            priceKobo: p.priceKobo,
          })),
          subtotalKobo: totals.subtotalKobo,
          shippingKobo: totals.shippingKobo,
          vatKobo: totals.vatKobo,
          totalKobo: totals.totalKobo,
          estimatedDelivery: totals.ships ? new Date(Date.now() + totals.deliveryDays * 86_400_000) : null,
          paymentMethod: checkout.paymentMethod,
          address: `${checkout.addressLine}, ${checkout.city}, ${checkout.state}`,
        },
        publicUrl(),
      ),
    );
    await notifyOrderPlaced(tx, order!);
    await queueOrderReceivedSms(tx, checkout.phone, formatOrderNumber(order!.number), totals.totalKobo);
    return { order: order!, created: true };
  });
}
