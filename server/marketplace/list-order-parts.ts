import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import { sellerEarningKobo } from "@domain/marketplace/earnings";
import { formatSubOrderNumber, type TPartView } from "@domain/marketplace/sub-orders";
import type { TOrderStatus } from "@domain/orders/order-status";
import { getDb } from "../db/client";
import { marketplaceListings, sellers } from "./schema";
import { orderItems, orders, subOrderEvents, subOrders } from "../orders/schema";

const PARTS_SHOWN = 50;
/** The house's own part, as the buyer sees it beside the sellers' parts. */
const HOUSE_SELLER = { name: "Zavolah store", slug: null };

async function listParts(where: SQL, limit = PARTS_SHOWN): Promise<TPartView[]> {
  const db = getDb();
  const parts = await db
    .select({
      id: subOrders.id,
      position: subOrders.position,
      status: subOrders.status,
      subtotalKobo: subOrders.subtotalKobo,
      shippingKobo: subOrders.shippingKobo,
      commissionKobo: subOrders.commissionKobo,
      trackingNote: subOrders.trackingNote,
      createdAt: subOrders.createdAt,
      orderNumber: orders.number,
      customerName: orders.customerName,
      phone: orders.phone,
      addressLine: orders.addressLine,
      city: orders.city,
      state: orders.state,
      sellerName: sellers.displayName,
      sellerSlug: sellers.slug,
    })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .leftJoin(sellers, eq(sellers.id, subOrders.sellerId))
    .where(where)
    .orderBy(desc(subOrders.createdAt), desc(subOrders.id))
    .limit(limit);
  const ids = parts.map((p) => p.id);
  if (ids.length === 0) return [];
  const [lines, events] = await Promise.all([
    db
      .select({
        subOrderId: orderItems.subOrderId,
        name: orderItems.productName,
        quantity: orderItems.quantity,
        unitPriceKobo: orderItems.unitPriceKobo,
        lineTotalKobo: orderItems.lineTotalKobo,
        slug: marketplaceListings.slug,
      })
      .from(orderItems)
      .leftJoin(marketplaceListings, eq(marketplaceListings.id, orderItems.listingId))
      .where(inArray(orderItems.subOrderId, ids))
      .orderBy(asc(orderItems.id)),
    db
      .select()
      .from(subOrderEvents)
      .where(inArray(subOrderEvents.subOrderId, ids))
      .orderBy(asc(subOrderEvents.createdAt), asc(subOrderEvents.id)),
  ]);
  return parts.map((p) => ({
    id: p.id,
    label: formatSubOrderNumber(p.orderNumber, p.position),
    status: p.status as TOrderStatus,
    placedAt: p.createdAt.toISOString(),
    seller: p.sellerSlug ? { name: p.sellerName ?? "", slug: p.sellerSlug } : HOUSE_SELLER,
    buyer: { name: p.customerName, phone: p.phone, address: `${p.addressLine}, ${p.city}, ${p.state}` },
    lines: lines
      .filter((l) => l.subOrderId === p.id)
      .map((l) => ({
        name: l.name,
        quantity: l.quantity,
        unitPriceKobo: l.unitPriceKobo,
        lineTotalKobo: l.lineTotalKobo,
        href: l.slug ? `/marketplace/${l.slug}` : null,
      })),
    subtotalKobo: p.subtotalKobo,
    shippingKobo: p.shippingKobo,
    commissionKobo: p.commissionKobo,
    earningKobo: sellerEarningKobo(p),
    trackingNote: p.trackingNote,
    events: events
      .filter((e) => e.subOrderId === p.id)
      .map((e) => ({
        id: e.id,
        toStatus: e.toStatus as TOrderStatus,
        createdAt: e.createdAt.toISOString(),
        note: e.note,
        actorLabel: e.actorLabel,
      })),
  }));
}

/** A store's parts of orders, newest first; parts of orders never paid and cancelled are left out. */
export function listSellerParts(sellerId: string) {
  // Only this store's parts: never the house's, never another seller's.
  return listParts(and(eq(subOrders.sellerId, sellerId), ne(subOrders.status, "cancelled"))!);
}

/**
 * A buyer's marketplace purchases by part, newest first (docs/product/marketplace.md#buyer-dashboard): every part of their
 * orders that bought from a seller, the house's part of such an order included.
 */
export function listBuyerParts(userId: string) {
  return listParts(buyersParts(userId));
}

/** Which parts are a buyer's marketplace purchases: the parts of their orders that bought from a seller. */
function buyersParts(userId: string): SQL {
  const withSellers = getDb()
    .select({ orderId: subOrders.orderId })
    .from(subOrders)
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .where(and(eq(orders.userId, userId), isNotNull(subOrders.sellerId)));
  return and(eq(orders.userId, userId), inArray(subOrders.orderId, withSellers))!;
}

/**
 * The same parts a page at a time (the app: docs/product/api-gateway.md#marketplace), newest first: up to `limit + 1`
 * after the part `afterId` of the page before.
 */
export function listBuyerPartsAfter(userId: string, afterId: number | null, limit: number) {
  const after =
    afterId === null
      ? undefined
      : sql`(${subOrders.createdAt}, ${subOrders.id}) < (select p.created_at, p.id from sub_orders p where p.id = ${afterId})`;
  return listParts(and(buyersParts(userId), after)!, limit + 1);
}

/** One of a buyer's marketplace parts by its id, or null: another person's part is not found. */
export async function findBuyerPart(userId: string, partId: number): Promise<TPartView | null> {
  const [part] = await listParts(and(buyersParts(userId), eq(subOrders.id, partId))!, 1);
  return part ?? null;
}

/** Every part of one order, in order (the staff's order page: docs/product/marketplace.md#refunds). */
export async function listOrderParts(orderId: string) {
  const parts = await listParts(eq(subOrders.orderId, orderId));
  return parts.sort((a, b) => a.label.localeCompare(b.label, "en", { numeric: true }));
}
