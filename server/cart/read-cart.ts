import { DESIGN_LINE_NAME } from "@domain/marketplace/listings";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { courseLineSku, intakeLineName } from "@domain/academy/course-line";
import { EMPTY_CART_SUMMARY, type TCart, type TCartLine, type TCartOwner, type TCartSummary } from "@domain/cart/cart";
import { describeCourseIntakes } from "../academy/describe-course-intakes";
import { courseIntakes, courses } from "../academy/schema";
import { products, productVariants } from "../catalog/schema";
import { getDb, type DbOrTx } from "../db/client";
import { availableSql } from "../inventory/available-stock";
import { zavchargeAccounts, zavchargePlans } from "../zavcharge/schema";
import { describeListingsForCart, listingMaxQuantity, listingShips } from "../marketplace/describe-listings-for-cart";
import { marketplaceListings } from "../marketplace/schema";
import { cartOwnerCondition, findCartId } from "./find-or-create-cart";
import { cartItems, carts } from "./schema";

export type { TCart, TCartLine, TCartOwner };

/** Units that can be sold now; a withdrawn (inactive) product has none. */
const lineAvailableSql = sql<number>`(case when ${products.active} then greatest(${availableSql()}, 0) else 0 end)::int`;

/**
 * The lines of one cart, oldest first, with the display fields, the current price and what may be bought: store
 * lines from the catalogue and stock, course lines from the academy (docs/decisions/0013-one-cart-many-kinds.md).
 */
export async function readCartLines(cartId: string, db: DbOrTx = getDb()): Promise<TCartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      addedAt: cartItems.addedAt,
      variantId: productVariants.id,
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
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.kind, "variant")));
  const courseRows = await db
    .select({ id: cartItems.id, addedAt: cartItems.addedAt, intakeId: cartItems.courseIntakeId })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.kind, "course")));
  const intakes = await describeCourseIntakes(
    db,
    courseRows.flatMap((r) => (r.intakeId ? [r.intakeId] : [])),
  );

  const zavchargeRows = await db
    .select({
      id: cartItems.id,
      addedAt: cartItems.addedAt,
      kind: cartItems.kind,
      accountId: cartItems.zavchargeAccountId,
      code: zavchargeAccounts.code,
      amountKobo: cartItems.amountKobo,
      planId: zavchargePlans.id,
      planCode: zavchargePlans.code,
      planName: zavchargePlans.name,
      planPriceKobo: zavchargePlans.priceKobo,
      planActive: zavchargePlans.active,
    })
    .from(cartItems)
    .innerJoin(zavchargeAccounts, and(eq(zavchargeAccounts.id, cartItems.zavchargeAccountId), ne(zavchargeAccounts.status, "closed")))
    .leftJoin(zavchargePlans, eq(zavchargePlans.id, cartItems.zavchargePlanId))
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.kind, ["wallet_topup", "plan_renewal"])));

  const lines: { id: number; addedAt: Date; line: TCartLine }[] = rows.map(({ images, maxPerOrder, id, addedAt, slug, ...row }) => {
    const available = Number(row.available);
    return {
      id,
      addedAt,
      line: {
        ...row,
        kind: "variant",
        key: `variant-${row.variantId}`,
        courseIntakeId: null,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        listingId: null,
        sellerId: null,
        sellerName: null,
        href: `/store/${slug}`,
        ships: true,
        available,
        image: images[0] ?? null,
        maxQuantity: Math.max(0, Math.min(maxPerOrder, available)),
      },
    };
  });
  for (const r of courseRows) {
    const intake = r.intakeId ? intakes.get(r.intakeId) : undefined;
    if (!intake) continue;
    const open = intake.state === "open" ? 1 : 0;
    lines.push({
      id: r.id,
      addedAt: r.addedAt,
      line: {
        kind: "course",
        key: `course-${intake.intakeId}`,
        variantId: null,
        courseIntakeId: intake.intakeId,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        listingId: null,
        sellerId: null,
        sellerName: null,
        href: `/academy/${intake.slug}`,
        ships: false,
        productName: intake.title,
        variantName: intakeLineName(intake.startsAt),
        sku: courseLineSku(intake.slug, intake.intakeId),
        image: intake.imagePath,
        unitPriceKobo: intake.priceKobo,
        quantity: 1,
        maxQuantity: open,
        available: open,
      },
    });
  }
  // ZavCharge lines (docs/product/zavcharge.md#wallet): the top-up at the amount chosen, the renewal at the plan's price.
  for (const r of zavchargeRows) {
    const topUp = r.kind === "wallet_topup";
    if (!topUp && !r.planId) continue;
    const open = topUp || r.planActive ? 1 : 0;
    lines.push({
      id: r.id,
      addedAt: r.addedAt,
      line: {
        kind: topUp ? "wallet_topup" : "plan_renewal",
        key: `${r.kind}-${r.accountId}`,
        variantId: null,
        courseIntakeId: null,
        zavchargeAccountId: r.accountId,
        zavchargePlanId: topUp ? null : r.planId,
        listingId: null,
        sellerId: null,
        sellerName: null,
        href: topUp ? "/zavcharge/top-up" : "/zavcharge/renew",
        ships: false,
        productName: topUp ? "ZavCharge wallet top-up" : `${r.planName} plan renewal`,
        variantName: r.code,
        sku: topUp ? `ZAV-TOPUP-${r.code}` : `ZAV-PLAN-${r.planCode}-${r.code}`,
        image: "/images/zavcharge/wallet.svg",
        unitPriceKobo: topUp ? (r.amountKobo ?? 0) : (r.planPriceKobo ?? 0),
        quantity: 1,
        maxQuantity: open,
        available: open,
      },
    });
  }
  // Marketplace lines (docs/product/marketplace.md#buying): the listing's price now, sold by its seller.
  const listingRows = await db
    .select({ id: cartItems.id, addedAt: cartItems.addedAt, listingId: cartItems.listingId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.kind, "listing")));
  const listings = await describeListingsForCart(
    db,
    listingRows.flatMap((r) => (r.listingId ? [r.listingId] : [])),
  );
  for (const r of listingRows) {
    const l = r.listingId ? listings.get(r.listingId) : undefined;
    if (!l) continue;
    const max = listingMaxQuantity(l);
    lines.push({
      id: r.id,
      addedAt: r.addedAt,
      line: {
        kind: "listing",
        key: `listing-${l.listingId}`,
        variantId: null,
        courseIntakeId: null,
        zavchargeAccountId: null,
        zavchargePlanId: null,
        listingId: l.listingId,
        sellerId: l.sellerId,
        sellerName: l.sellerName,
        href: `/marketplace/${l.slug}`,
        ships: listingShips(l),
        productName: l.title,
        variantName: l.kind === "design" ? DESIGN_LINE_NAME : "Standard",
        sku: `MKT-${l.listingId}`,
        image: l.image,
        unitPriceKobo: l.priceKobo,
        quantity: r.quantity,
        maxQuantity: max,
        available: max,
      },
    });
  }
  lines.sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.id - b.id);
  return lines.map((l) => l.line);
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
      totalKobo: sql<string>`coalesce(sum(${cartItems.quantity}::bigint * coalesce(${productVariants.priceKobo}, ${courses.priceKobo}, ${cartItems.amountKobo}, ${zavchargePlans.priceKobo}, ${marketplaceListings.priceKobo}, 0)), 0)::bigint`,
    })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .leftJoin(courseIntakes, eq(courseIntakes.id, cartItems.courseIntakeId))
    .leftJoin(courses, eq(courses.id, courseIntakes.courseId))
    .leftJoin(zavchargePlans, eq(zavchargePlans.id, cartItems.zavchargePlanId))
    .leftJoin(marketplaceListings, eq(marketplaceListings.id, cartItems.listingId))
    .where(where);
  return { itemCount: Number(row?.itemCount ?? 0), totalKobo: Number(row?.totalKobo ?? 0) };
}
