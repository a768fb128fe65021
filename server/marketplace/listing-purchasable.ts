import { inArray, sql } from "drizzle-orm";
import { certain, refuse, succeed } from "@domain/errors/app-error";
import { DESIGN_LINE_NAME } from "@domain/marketplace/listings";
import { formatOrderNumber } from "@domain/orders/order-status";
import { cartItems } from "../cart/schema";
import { advanceSubOrder } from "../orders/advance-sub-order";
import { cartLineOf, type TCartOffer, type TPricedLine, type TPurchasableKind } from "../orders/purchasable-kind";
import { describeListingsForCart, listingMaxQuantity, listingRefusal, listingShips } from "./describe-listings-for-cart";
import { holdListingStock, releaseListingStock } from "./listing-stock-holds";
import { recordMarketplaceSale, reverseMarketplaceSale } from "./record-marketplace-sale";
import { marketplaceListings } from "./schema";

const listingIds = (lines: { listingId: number | null }[]) => lines.flatMap((l) => (l.listingId ? [l.listingId] : []));

/**
 * A seller's listing (docs/product/marketplace.md#buying, docs/decisions/0013-one-cart-many-kinds.md): a product with
 * a quantity, taken off its stock while the order is unpaid, or a design, one copy downloaded after payment. Each
 * seller's lines form their part of the order; not paid on delivery.
 */
export const marketplaceListing: TPurchasableKind = {
  kind: "listing",
  channel: "marketplace",
  identity: ["listingId"],
  cartForm: { field: "listingId", noun: "listing" },
  cartUnitPrice: () =>
    sql`(select ${marketplaceListings.priceKobo} from ${marketplaceListings} where ${marketplaceListings.id} = ${cartItems.listingId})`,
  payOnDeliveryRefusal: "Marketplace items are paid online or by bank transfer, not on delivery. Please choose another way to pay.",
  // Sellers' parts and any designs to download (docs/product/marketplace.md#buying).
  boughtAt: { to: "/marketplace/buyer-dashboard", label: "Marketplace purchases and downloads" },
  async describe(db, rows) {
    const listings = await describeListingsForCart(db, listingIds(rows));
    return new Map(
      rows.flatMap((row) => {
        const l = row.listingId ? listings.get(row.listingId) : undefined;
        if (!l) return [];
        const max = listingMaxQuantity(l);
        const design = l.kind === "design";
        const line = cartLineOf(row, {
          key: `listing-${l.listingId}`,
          sellerId: l.sellerId,
          sellerName: l.sellerName,
          href: `/marketplace/${l.slug}`,
          ships: listingShips(l),
          productName: l.title,
          variantName: design ? DESIGN_LINE_NAME : "Standard",
          sku: `MKT-${l.listingId}`,
          image: l.image,
          unitPriceKobo: l.priceKobo,
          maxQuantity: max,
          available: max,
          fixedQuantityNote: design ? "One copy, to download after payment" : null,
        });
        return [[row.id, line] as const];
      }),
    );
  },
  // A product is summed with what the cart holds and capped at its stock; a design is one copy. Unpublished listings,
  // a suspended store's listings and a seller's own listings are refused (docs/product/marketplace.md#buying).
  async offer(tx, line, buyer) {
    const listing = line.listingId ? (await describeListingsForCart(tx, [line.listingId])).get(line.listingId) : undefined;
    const refusal = listingRefusal(listing, buyer.userId);
    if (refusal || !listing) return refuse(listing?.forSale ? "conflict" : "not_found", refusal ?? "That listing does not exist.");
    const max = listingMaxQuantity(listing);
    return succeed<TCartOffer>({
      name: listing.title,
      maxQuantity: max,
      again: listing.kind === "design" ? { refusal: `${listing.title} is already in your cart (a design is bought once)` } : "sum",
      capped: (n) => `Only ${max} of ${listing.title} available; your cart has ${n}`,
    });
  },
  async buyableQuantity(db, line, userId) {
    const listing = line.listingId ? (await describeListingsForCart(db, [line.listingId])).get(line.listingId) : undefined;
    return listing && !listingRefusal(listing, userId) ? listingMaxQuantity(listing) : 0;
  },
  // The listing rows stay locked until the order has taken their stock.
  async price(tx, lines, buyer) {
    const listings = await describeListingsForCart(tx, listingIds(lines), { lock: true });
    const priced: TPricedLine[] = [];
    for (const l of lines) {
      const listing = l.listingId ? listings.get(l.listingId) : undefined;
      const refusal = listingRefusal(listing, buyer.userId);
      if (refusal || !listing) return refuse("conflict", `${refusal} Remove it from your cart and try again.`);
      const max = listingMaxQuantity(listing);
      if (l.quantity > max)
        return refuse("conflict", `Only ${max} of ${listing.title} can be bought now. Lower the quantity in your cart and try again.`);
      priced.push({
        ...l,
        sellerId: listing.sellerId,
        taxable: true,
        productName: listing.title,
        variantName: listing.kind === "design" ? DESIGN_LINE_NAME : `Sold by ${listing.sellerName}`,
        sku: `MKT-${listing.listingId}`,
        priceKobo: listing.priceKobo,
        ships: listingShips(listing),
      });
    }
    return succeed({ lines: priced });
  },
  async hold(tx, order, lines) {
    const listings = await describeListingsForCart(tx, listingIds(lines));
    const products = lines.flatMap((p) =>
      p.listingId && listings.get(p.listingId)?.kind === "product"
        ? [{ listingId: p.listingId, quantity: p.quantity, title: p.productName }]
        : [],
    );
    return holdListingStock(tx, order.id, products);
  },
  // Sellers' parts (docs/product/marketplace.md#earnings): earnings held, designs downloadable and delivered at once.
  async afterPaid(tx, order) {
    const sale = await recordMarketplaceSale(tx, { id: order.id, userId: order.userId, label: formatOrderNumber(order.number) });
    for (const subOrderId of sale.designOnlyPartIds)
      // Just paid, so each design-only part may be delivered.
      certain(
        await advanceSubOrder(tx, {
          subOrderId,
          step: "digital",
          actorLabel: "Download ready",
          note: "Designs are delivered as downloads",
        }),
        "Delivering designs as downloads",
      );
  },
  async release(tx, order) {
    await releaseListingStock(tx, order.id);
  },
  async undo(tx, _order, refundedPartIds) {
    await reverseMarketplaceSale(tx, refundedPartIds);
  },
  async categories(db, lines) {
    const ids = listingIds(lines);
    if (ids.length === 0) return lines.map(() => null);
    const rows = await db
      .select({ id: marketplaceListings.id, category: marketplaceListings.category })
      .from(marketplaceListings)
      .where(inArray(marketplaceListings.id, ids));
    const of = new Map(rows.map((r) => [r.id, r.category]));
    return lines.map((l) => (l.listingId ? (of.get(l.listingId) ?? null) : null));
  },
};
