import { eq, inArray, or } from "drizzle-orm";
import { type TImportItem, type TImportOptions, type TImportOutcome } from "@domain/migration/migration";
import type { TOrderRecord } from "@domain/migration/records";
import { formatOrderNumber, ORDER_STATUSES } from "@domain/orders/order-status";
import { users } from "../auth/schema";
import { products, productVariants } from "../catalog/schema";
import type { DbOrTx } from "../db/client";
import { orderEvents, orderItems, orders, subOrders } from "./schema";

/** Statuses whose money arrived: the order counts as paid when it was placed. */
const PAID = new Set(["paid", "processing", "shipped", "delivered", "refunded"]);

export const MIGRATION_ACTOR = "Data migration";

/**
 * Past orders from the old system (docs/product/data-migration.md#orders), inside the caller's transaction. An order is
 * kept with its old number as a reference, its customer's account (found by e-mail: refused when there is none yet),
 * its lines (by SKU, linked to our variant; or by name alone), its amounts and its status in our words, placed and
 * paid at the old date. It is history: no stock moves, nothing is e-mailed or notified, no payment is opened, no
 * seller is credited. An order brought over already is left as it is. With `apply: false` (the dry run) it answers
 * the same outcomes and writes nothing.
 */
export async function importOrders(tx: DbOrTx, items: TImportItem<TOrderRecord>[], { apply }: TImportOptions): Promise<TImportOutcome[]> {
  if (items.length === 0) return [];
  const knownIds = items.flatMap((i) => (i.knownId && isUuid(i.knownId) ? [i.knownId] : []));
  const numbers = items.map((i) => i.data.number);
  const emails = [...new Set(items.map((i) => i.data.email))];
  const skus = [...new Set(items.flatMap((i) => i.data.lines.flatMap((l) => (l.sku ? [l.sku] : []))))];
  const imported = await tx
    .select({ id: orders.id, number: orders.number, status: orders.status, reference: orders.importedReference })
    .from(orders)
    .where(
      knownIds.length
        ? or(inArray(orders.importedReference, numbers), inArray(orders.id, knownIds))
        : inArray(orders.importedReference, numbers),
    );
  const customers = await tx
    .select({ id: users.id, email: users.email, name: users.name, phone: users.phone })
    .from(users)
    .where(inArray(users.email, emails));
  const variants = skus.length
    ? await tx
        .select({ id: productVariants.id, sku: productVariants.sku, variant: productVariants.name, product: products.name })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.sku, skus))
    : [];
  const importedById = new Map(imported.map((o) => [o.id, o]));
  const importedByNumber = new Map(imported.map((o) => [o.reference, o]));
  const customerOf = new Map(customers.map((c) => [c.email, c]));
  const variantOf = new Map(variants.map((v) => [v.sku, v]));

  const creates: { index: number; data: TOrderRecord; customer: (typeof customers)[number] }[] = [];
  const outcomes = items.map(({ data, knownId }, index): TImportOutcome => {
    const found = (knownId ? importedById.get(knownId) : undefined) ?? importedByNumber.get(data.number);
    if (found) {
      const label = formatOrderNumber(found.number);
      // One writer moves an order's status (transition-order.ts): a later file does not move it behind staff's back.
      const note =
        found.status === data.status
          ? null
          : `Brought over already as ${ORDER_STATUSES[found.status as keyof typeof ORDER_STATUSES]}; the file says ${ORDER_STATUSES[data.status]}: move it on ${label}'s page`;
      return { action: "unchanged", targetId: found.id, reference: label, note };
    }
    const customer = customerOf.get(data.email);
    if (!customer)
      return {
        action: "refuse",
        targetId: null,
        reference: null,
        note: `No customer has the e-mail ${data.email}: import the customers first`,
      };
    const unknown = data.lines.find((l) => l.sku && !variantOf.has(l.sku));
    if (unknown)
      return {
        action: "refuse",
        targetId: null,
        reference: null,
        note: `Unknown SKU "${unknown.sku}": import the products first, or leave the SKU empty to keep the line by its name`,
      };
    creates.push({ index, data, customer });
    return { action: "create", targetId: null, reference: null, note: null };
  });
  if (!apply || creates.length === 0) return outcomes;

  const made = await tx
    .insert(orders)
    .values(
      creates.map(({ data, customer }) => {
        const placedAt = new Date(data.placedAt);
        const goodsAndDelivery = data.subtotalKobo + data.deliveryKobo;
        return {
          userId: customer.id,
          status: data.status,
          paymentMethod: data.paymentMethod,
          email: customer.email,
          customerName: data.customerName ?? customer.name,
          phone: data.phone ?? customer.phone ?? "",
          addressLine: data.address,
          city: data.city,
          state: data.state,
          deliveryMethod: "standard",
          deliveryDays: 0,
          subtotalKobo: data.subtotalKobo,
          shippingKobo: data.deliveryKobo,
          vatKobo: data.vatKobo,
          vatRateBasisPoints: data.vatKobo ? Math.round((data.vatKobo * 10_000) / goodsAndDelivery) : 0,
          totalKobo: data.totalKobo,
          checkoutKey: `migration:${data.number}`,
          importedReference: data.number,
          paidAt: PAID.has(data.status) ? placedAt : null,
          createdAt: placedAt,
        };
      }),
    )
    .returning({ id: orders.id, number: orders.number, reference: orders.importedReference });
  const orderOf = new Map(made.map((o) => [o.reference!, o]));
  // The house's part of each order (docs/decisions/0019): every line is the house's, nothing for a seller to earn.
  const parts = await tx
    .insert(subOrders)
    .values(
      creates.map(({ data }) => ({
        orderId: orderOf.get(data.number)!.id,
        sellerId: null,
        position: 1,
        status: data.status,
        subtotalKobo: data.subtotalKobo,
        shippingKobo: data.deliveryKobo,
        deliveredAt: data.status === "delivered" ? new Date(data.placedAt) : null,
        createdAt: new Date(data.placedAt),
      })),
    )
    .returning({ id: subOrders.id, orderId: subOrders.orderId });
  const partOf = new Map(parts.map((p) => [p.orderId, p.id]));
  await tx.insert(orderItems).values(
    creates.flatMap(({ data }) => {
      const orderId = orderOf.get(data.number)!.id;
      return data.lines.map((l) => {
        const variant = l.sku ? variantOf.get(l.sku) : undefined;
        return {
          orderId,
          subOrderId: partOf.get(orderId)!,
          kind: "variant",
          variantId: variant?.id ?? null,
          productName: l.name ?? variant!.product,
          variantName: variant?.variant ?? "",
          sku: l.sku ?? "",
          unitPriceKobo: l.unitPriceKobo,
          quantity: l.quantity,
          lineTotalKobo: l.unitPriceKobo * l.quantity,
        };
      });
    }),
  );
  await tx.insert(orderEvents).values(
    creates.map(({ data }) => ({
      orderId: orderOf.get(data.number)!.id,
      fromStatus: null,
      toStatus: data.status,
      actorLabel: MIGRATION_ACTOR,
      note: `Brought over from the old system (order ${data.number})`,
      createdAt: new Date(data.placedAt),
    })),
  );
  for (const { index, data } of creates) {
    const order = orderOf.get(data.number)!;
    outcomes[index] = { action: "create", targetId: order.id, reference: formatOrderNumber(order.number), note: null };
  }
  return outcomes;
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
