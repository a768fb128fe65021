import { asc, eq, sql } from "drizzle-orm";
import { EMPTY_CART_SUMMARY, type TCart, type TCartLine, type TCartOwner, type TCartSummary } from "@domain/cart/cart";
import { products, productVariants } from "../catalog/schema";
import { getDb, type DbOrTx } from "../db/client";
import { availableSql } from "../inventory/available-stock";
import { cartOwnerCondition, findCartId } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

export type { TCart, TCartLine, TCartOwner };

/** Units that can be sold now; a withdrawn (inactive) product has none. */
const lineAvailableSql = sql<number>`(case when ${products.active} then greatest(${availableSql()}, 0) else 0 end)::int`;

/** The lines of one cart, oldest first, with the display fields, the variant's price and what may be bought. */
export async function readCartLines(cartId: string, db: DbOrTx = getDb()): Promise<TCartLine[]> {
  const rows = await db
    .select({
      variantId: cartItems.variantId,
      productId: products.id,
      slug: products.slug,
      productName: products.name,
      variantName: productVariants.name,
      sku: productVariants.sku,
      images: products.images,
      unitPriceKobo: productVariants.priceKobo,
      quantity: cartItems.quantity,
      maxPerOrder: products.maxPerOrder,
      available: lineAvailableSql,
    })
    .from(cartItems)
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  return rows.map(({ images, maxPerOrder, ...row }) => {
    const available = Number(row.available);
    return { ...row, available, image: images[0] ?? null, maxQuantity: Math.max(0, Math.min(maxPerOrder, available)) };
  });
}

/** The visitor's cart as checkout and the /cart page see it (contract in store-plan.md). */
export async function readCart(owner: TCartOwner, db: DbOrTx = getDb()): Promise<TCart> {
  const cartId = await findCartId(owner, db);
  if (!cartId) return { cartId: null, lines: [], ...EMPTY_CART_SUMMARY };
  const lines = await readCartLines(cartId, db);
  return {
    cartId,
    lines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    totalKobo: lines.reduce((n, l) => n + l.quantity * l.unitPriceKobo, 0),
  };
}

/** Count and total only, in one query, for the floating panel on every page; none for a visitor without ids. */
export async function readCartSummary(owner: TCartOwner, db: DbOrTx = getDb()): Promise<TCartSummary> {
  const where = cartOwnerCondition(owner);
  if (!where) return EMPTY_CART_SUMMARY;
  const [row] = await db
    .select({
      itemCount: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int`,
      totalKobo: sql<string>`coalesce(sum(${cartItems.quantity}::bigint * ${productVariants.priceKobo}), 0)::bigint`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(where);
  return { itemCount: Number(row?.itemCount ?? 0), totalKobo: Number(row?.totalKobo ?? 0) };
}
