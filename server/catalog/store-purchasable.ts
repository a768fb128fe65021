import { and, eq, inArray, sql } from "drizzle-orm";
import { capMessage } from "@domain/cart/cart";
import { lineName } from "@domain/catalog/line-name";
import { refuse, succeed } from "@domain/errors/app-error";
import { formatOrderNumber } from "@domain/orders/order-status";
import { findBuyableVariants } from "../cart/buyable-variants";
import { cartItems } from "../cart/schema";
import { availableSql } from "../inventory/available-stock";
import { commitOrderStock } from "../inventory/commit-order-stock";
import { releaseOrderStock, reserveStock } from "../inventory/reserve-stock";
import { cartLineOf, type TCartOffer, type TPricedLine, type TPurchasableKind } from "../orders/purchasable-kind";
import { orderItems } from "../orders/schema";
import { getVariantsForOrder } from "./get-variants-for-order";
import { products, productVariants } from "./schema";

/** Units that can be sold now; a withdrawn (inactive) product has none. */
const lineAvailableSql = sql<number>`(case when ${products.active} then greatest(${availableSql()}, 0) else 0 end)::int`;

const variantIds = (lines: { variantId: number | null }[]) => lines.flatMap((l) => (l.variantId ? [l.variantId] : []));

/**
 * A variant of one of our own products (docs/product/store-and-orders.md, docs/decisions/0013-one-cart-many-kinds.md):
 * any quantity up to the stock and the per-order limit, delivered, payable on delivery. The unpaid order reserves its
 * stock; payment (or confirming a pay-on-delivery order) takes it off the shelf; cancelling gives it back.
 */
export const storeVariant: TPurchasableKind = {
  kind: "variant",
  channel: "store",
  identity: ["variantId"],
  payOnDeliveryRefusal: null,
  cartForm: { field: "variantId", noun: "product" },
  cartUnitPrice: () =>
    sql`(select ${productVariants.priceKobo} from ${productVariants} where ${productVariants.id} = ${cartItems.variantId})`,
  async describe(db, rows) {
    const ids = variantIds(rows);
    if (ids.length === 0) return new Map();
    const variants = await db
      .select({
        variantId: productVariants.id,
        slug: products.slug,
        productName: products.name,
        variantName: productVariants.name,
        sku: productVariants.sku,
        images: products.images,
        unitPriceKobo: productVariants.priceKobo,
        maxPerOrder: products.maxPerOrder,
        available: lineAvailableSql,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, ids));
    const of = new Map(variants.map((v) => [v.variantId, v]));
    return new Map(
      rows.flatMap((row) => {
        const v = row.variantId ? of.get(row.variantId) : undefined;
        if (!v) return [];
        const available = Number(v.available);
        const line = cartLineOf(row, {
          key: `variant-${v.variantId}`,
          href: `/store/${v.slug}`,
          ships: true,
          productName: v.productName,
          variantName: v.variantName,
          sku: v.sku,
          image: v.images[0] ?? null,
          unitPriceKobo: v.unitPriceKobo,
          available,
          maxQuantity: Math.max(0, Math.min(v.maxPerOrder, available)),
        });
        return [[row.id, line] as const];
      }),
    );
  },
  // Summed with what the cart holds, capped at min(max per order, available) (docs/product/store-and-orders.md#cart).
  async offer(tx, line) {
    const variant = line.variantId ? (await findBuyableVariants([line.variantId], tx)).get(line.variantId) : undefined;
    if (!variant) return refuse("not_found", "This product is not available. It may have been removed from the store.");
    if (variant.maxQuantity <= 0) return refuse("conflict", `${lineName(variant)} is out of stock`);
    return succeed<TCartOffer>({
      name: lineName(variant),
      maxQuantity: variant.maxQuantity,
      again: "sum",
      capped: (n) => capMessage(variant, n),
    });
  },
  async buyableQuantity(db, line) {
    if (!line.variantId) return 0;
    return (await findBuyableVariants([line.variantId], db)).get(line.variantId)?.maxQuantity ?? 0;
  },
  async price(tx, lines) {
    const variants = new Map((await getVariantsForOrder(tx, variantIds(lines))).map((v) => [v.variantId, v]));
    const priced: TPricedLine[] = [];
    for (const l of lines) {
      const v = l.variantId ? variants.get(l.variantId) : undefined;
      if (!v) return refuse("conflict", "An item in your cart is no longer sold. Remove it and try again.");
      if (l.quantity > v.maxPerOrder)
        return refuse("invalid_input", `You can buy at most ${v.maxPerOrder} of ${v.productName} in one order.`);
      priced.push({
        ...l,
        productName: v.productName,
        variantName: v.variantName,
        sku: v.sku,
        priceKobo: v.priceKobo,
        taxable: true,
        ships: true,
        sellerId: null,
      });
    }
    return succeed({ lines: priced });
  },
  hold(tx, order, lines, until) {
    return reserveStock(
      tx,
      order.id,
      lines.map((l) => ({ variantId: l.variantId!, quantity: l.quantity })),
      until,
    );
  },
  async confirm(tx, order) {
    const lines = await tx
      .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, "variant")));
    await commitOrderStock(
      tx,
      { id: order.id, label: formatOrderNumber(order.number) },
      lines.filter((l): l is { variantId: number; quantity: number } => l.variantId !== null),
    );
  },
  async release(tx, order) {
    await releaseOrderStock(tx, order.id);
  },
  async categories(db, lines) {
    const ids = variantIds(lines);
    if (ids.length === 0) return lines.map(() => null);
    const rows = await db
      .select({ id: productVariants.id, category: products.category })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, ids));
    const of = new Map(rows.map((r) => [r.id, r.category]));
    return lines.map((l) => (l.variantId ? (of.get(l.variantId) ?? null) : null));
  },
};
