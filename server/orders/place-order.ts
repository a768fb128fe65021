import { eq } from "drizzle-orm";
import { RESERVATION_HOURS, type TCheckout } from "@domain/orders/checkout-input";
import { lineName } from "@domain/catalog/line-name";
import { formatKobo } from "@domain/money/money";
import { computeOrderTotals, computePartShipping, HOUSE_PART, type TOrderTotals } from "@domain/orders/order-pricing";
import { formatOrderNumber } from "@domain/orders/order-status";
import { clearCart } from "../cart/clear-cart";
import { recordCartRecovery } from "../cart/record-cart-recovery";
import { getDb, type Tx } from "../db/client";
import { inTransaction } from "../db/in-transaction";
import { isUniqueViolation } from "../db/errors";
import { bumpContentVersion } from "../http/page-cache";
import { enabledPaymentMethods } from "../payments/enabled-payment-methods";
import { publicUrl } from "../env";
import { enqueueEmail } from "../messaging/enqueue-email";
import { notifyOrderPlaced } from "../notifications/order-notifications";
import { queueOrderReceivedSms } from "../messaging/sms/order-sms";
import { orderConfirmationEmail } from "../messaging/order-emails";
import { getSettings } from "../settings/get-settings";
import { orderEvents, orderItems, orders, subOrders } from "./schema";
import { commissionRateBasisPoints, lineCommissionKobo } from "@domain/marketplace/earnings";
import { refuse, succeed, type TFailure, type TResult } from "@domain/errors/app-error";
import { targetOf, type TCartLine, type TCartLineKind, type TLineTarget } from "@domain/cart/cart";
import type { TSettings } from "@domain/settings/settings";
import type { TLine, TPricedLine, TPurchasableKind } from "./purchasable-kind";
import { findPurchasableKind, purchasableKinds } from "./purchasable-kinds";

/**
 * A line to order (docs/decisions/0013-one-cart-many-kinds.md): its kind (a store variant when unsaid), what it points at
 * and how many (one when unsaid). Never a price: checkout reads it again from the kind.
 */
export type TOrderLineInput = Partial<TLineTarget> & { kind?: TCartLineKind; quantity?: number };

/** The cart's lines as lines to order: what each buys, never a price (read again when the order is placed). */
export function orderLinesFromCart(lines: TCartLine[]): TOrderLineInput[] {
  return lines.map((l) => ({ kind: l.kind, quantity: l.quantity, ...targetOf(l) }));
}

type TOrder = typeof orders.$inferSelect;

/** A line of a kind withdrawn from the code cannot be bought. */
const NO_LONGER_SOLD = "An item in your cart is no longer sold. Remove it and try again.";

/** The order, and whether this call made it (false: an earlier submission of the same checkout form did). */
export type TPlaced = { order: TOrder; created: boolean };

export type TPlaceOrder = {
  customer: { userId: string; email: string };
  checkout: TCheckout;
  /** The cart's lines; prices and names are read again from the catalogue and the academy here. */
  lines: TOrderLineInput[];
};

/**
 * Turns the cart into an order in one transaction: prices from the catalogue, totals from the settings,
 * stock reserved under row locks, the cart emptied, the confirmation e-mail queued. The checkout key makes
 * it idempotent: a double click or a refresh gets the order the first submission made.
 */
export async function placeOrder(input: TPlaceOrder): Promise<TResult<TPlaced>> {
  const earlier = await findByCheckoutKey(input);
  if (!earlier.ok || earlier.order) return earlier.ok ? succeed({ order: earlier.order!, created: false }) : earlier;
  try {
    const placed = await insertOrder(input);
    if (!placed.ok) return placed;
    // A held seat changes the seats a course page shows as left.
    if (placed.kinds.some((k) => k.placingChangesPages)) bumpContentVersion();
    return succeed({ order: placed.order, created: true });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two submissions of one form at the same moment: the second finds the first's order.
    const winner = await findByCheckoutKey(input);
    if (!winner.ok) return winner;
    if (winner.order) return succeed({ order: winner.order, created: false });
    throw error;
  }
}

/** The order an earlier submission of this checkout form made, if any; refused when it is someone else's. */
async function findByCheckoutKey({ customer, checkout }: TPlaceOrder): Promise<TResult<{ order?: TOrder }>> {
  const [existing] = await getDb().select().from(orders).where(eq(orders.checkoutKey, checkout.checkoutKey));
  if (existing && existing.userId !== customer.userId)
    return refuse("invalid_input", "This checkout form has expired. Reload the page and try again.");
  return succeed({ order: existing });
}

/** The lines as each kind reads them: kind and quantity said, the target's other columns null. */
function linesOf(input: TOrderLineInput[]): TLine[] {
  return input.map((l) => ({ ...targetOf(l), kind: l.kind ?? "variant", quantity: l.quantity ?? 1 }));
}

/** Refuses a payment method the site does not take now, or one a kind in the cart cannot be paid by. */
function paymentMethodRefusal(checkout: TCheckout, kinds: TPurchasableKind[]): TFailure | null {
  if (!enabledPaymentMethods().includes(checkout.paymentMethod))
    return refuse("invalid_input", "That payment method is not available. Please choose another.");
  const refusal = checkout.paymentMethod === "pay_on_delivery" ? kinds.find((k) => k.payOnDeliveryRefusal)?.payOnDeliveryRefusal : null;
  return refusal ? refuse("invalid_input", refusal) : null;
}

/** Each kind checks and prices its lines again, in registration order (the order rows are locked in). */
async function priceLines(
  tx: Tx,
  kinds: TPurchasableKind[],
  lines: TLine[],
  buyer: { userId: string },
): Promise<TResult<{ priced: TPricedLine[] }>> {
  const priced: TPricedLine[] = [];
  for (const kind of kinds) {
    const answer = await kind.price(
      tx,
      lines.filter((l) => l.kind === kind.kind),
      buyer,
    );
    if (!answer.ok) return answer;
    priced.push(...answer.lines);
  }
  return succeed({ priced });
}

const pricingLinesOf = (priced: TPricedLine[]) =>
  priced.map((p) => ({ unitPriceKobo: p.priceKobo, quantity: p.quantity, ships: p.ships, taxable: p.taxable, shipsFrom: p.sellerId }));

/** The order row, its parts (one per seller, the house first, docs/product/marketplace.md#buying), its lines and first event. */
async function writeOrder(tx: Tx, { customer, checkout }: TPlaceOrder, priced: TPricedLine[], totals: TOrderTotals, settings: TSettings) {
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
  // The marketplace's commission is fixed per line now.
  const rate = commissionRateBasisPoints(settings);
  const commissionOf = (p: TPricedLine) => (p.sellerId ? lineCommissionKobo(p.priceKobo * p.quantity, rate) : 0);
  const shippingOf = new Map(
    computePartShipping(pricingLinesOf(priced), checkout.deliveryMethod, settings).map((p) => [p.key, p.shippingKobo]),
  );
  const partKeys = [...new Set(priced.map((p) => p.sellerId ?? HOUSE_PART))].sort(
    (a, b) => Number(a !== HOUSE_PART) - Number(b !== HOUSE_PART),
  );
  const partIdOf = new Map<string, number>();
  for (const [index, key] of partKeys.entries()) {
    const partLines = priced.filter((p) => (p.sellerId ?? HOUSE_PART) === key);
    const [part] = await tx
      .insert(subOrders)
      .values({
        orderId: order!.id,
        sellerId: key === HOUSE_PART ? null : key,
        position: index + 1,
        subtotalKobo: partLines.reduce((sum, p) => sum + p.priceKobo * p.quantity, 0),
        shippingKobo: shippingOf.get(key) ?? 0,
        commissionKobo: partLines.reduce((sum, p) => sum + commissionOf(p), 0),
      })
      .returning({ id: subOrders.id });
    partIdOf.set(key, part!.id);
  }
  await tx.insert(orderItems).values(
    priced.map((p) => ({
      orderId: order!.id,
      subOrderId: partIdOf.get(p.sellerId ?? HOUSE_PART)!,
      commissionKobo: commissionOf(p),
      kind: p.kind,
      variantId: p.variantId,
      courseIntakeId: p.courseIntakeId,
      zavchargeAccountId: p.zavchargeAccountId,
      zavchargePlanId: p.zavchargePlanId,
      listingId: p.listingId,
      itemRef: p.itemRef,
      productName: p.productName,
      variantName: p.variantName,
      sku: p.sku,
      unitPriceKobo: p.priceKobo,
      quantity: p.quantity,
      lineTotalKobo: p.priceKobo * p.quantity,
      ships: p.ships,
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
  return order!;
}

/** Each kind holds what the unpaid order needs (stock) until its payment method's window ends. */
async function holdLines(tx: Tx, kinds: TPurchasableKind[], order: TOrder, priced: TPricedLine[], checkout: TCheckout): Promise<TResult> {
  const until = new Date(Date.now() + RESERVATION_HOURS[checkout.paymentMethod] * 3_600_000);
  for (const kind of kinds) {
    const mine = priced.filter((p) => p.kind === kind.kind);
    const held = kind.hold && mine.length > 0 ? await kind.hold(tx, order, mine, until) : succeed();
    if (!held.ok) return held;
  }
  return succeed();
}

/** The cart emptied, a reminded cart marked recovered (docs/product/store-and-orders.md#abandoned-carts), and the customer told. */
async function afterPlacing(tx: Tx, { customer, checkout }: TPlaceOrder, order: TOrder, priced: TPricedLine[], totals: TOrderTotals) {
  await clearCart(customer.userId, tx);
  await recordCartRecovery(tx, { userId: customer.userId, orderId: order.id, totalKobo: totals.totalKobo, placedAt: order.createdAt });
  await enqueueEmail(
    tx,
    "order_confirmation",
    { email: customer.email, name: checkout.fullName },
    orderConfirmationEmail(
      {
        orderId: order.id,
        orderNumber: formatOrderNumber(order.number),
        customerName: checkout.fullName,
        customerEmail: customer.email,
        items: priced.map((p) => ({ name: lineName(p), quantity: p.quantity, priceKobo: p.priceKobo })),
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
  await notifyOrderPlaced(tx, order);
  await queueOrderReceivedSms(tx, checkout.phone, formatOrderNumber(order.number), totals.totalKobo);
}

async function insertOrder(input: TPlaceOrder): Promise<TResult<{ order: TOrder; kinds: TPurchasableKind[] }>> {
  const lines = linesOf(input.lines);
  if (lines.length === 0) return refuse("invalid_input", "Your cart is empty.");
  const present = new Set(lines.map((l) => l.kind));
  if ([...present].some((kind) => !findPurchasableKind(kind))) return refuse("conflict", NO_LONGER_SOLD);
  const kinds = purchasableKinds().filter((k) => present.has(k.kind));
  const methodRefusal = paymentMethodRefusal(input.checkout, kinds);
  if (methodRefusal) return methodRefusal;
  const settings = await getSettings();

  return inTransaction(async (tx) => {
    const answer = await priceLines(tx, kinds, lines, input.customer);
    if (!answer.ok) return answer;
    const { priced } = answer;
    const totals = computeOrderTotals(pricingLinesOf(priced), input.checkout.deliveryMethod, settings);
    if (input.checkout.expectedTotalKobo !== undefined && input.checkout.expectedTotalKobo !== totals.totalKobo)
      return refuse(
        "conflict",
        `The total changed to ${formatKobo(totals.totalKobo)} since you opened this page (a price or a setting changed). Check the summary and place the order again.`,
      );
    const order = await writeOrder(tx, input, priced, totals, settings);
    const held = await holdLines(tx, kinds, order, priced, input.checkout);
    if (!held.ok) return held;
    await afterPlacing(tx, input, order, priced, totals);
    return succeed({ order, kinds });
  });
}
