import { asc, eq, inArray } from "drizzle-orm";
import type { TDeliveryOption, TListingKind } from "@domain/marketplace/listings";
import type { DbOrTx } from "../db/client";
import { marketplaceListingPhotos, marketplaceListings, sellers } from "./schema";

export type TListingForCart = {
  listingId: number;
  slug: string;
  title: string;
  kind: TListingKind;
  priceKobo: number;
  /** Units a product has left; a design has no limit but is bought once. */
  stock: number | null;
  delivery: TDeliveryOption | null;
  sellerId: string;
  sellerName: string;
  sellerUserId: string;
  /** Published and its store active: the only listings that can be bought. */
  forSale: boolean;
  image: string | null;
};

/**
 * Listings as the cart and checkout see them (docs/decisions/0013-one-cart-many-kinds.md): name, price now, who sells
 * it and whether it can still be bought. Pass a transaction with `lock` at checkout to hold the rows until the order
 * has taken its stock.
 */
export async function describeListingsForCart(
  db: DbOrTx,
  listingIds: number[],
  opts: { lock?: boolean } = {},
): Promise<Map<number, TListingForCart>> {
  const ids = [...new Set(listingIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const query = db
    .select({
      listingId: marketplaceListings.id,
      slug: marketplaceListings.slug,
      title: marketplaceListings.title,
      kind: marketplaceListings.kind,
      priceKobo: marketplaceListings.priceKobo,
      stock: marketplaceListings.stock,
      delivery: marketplaceListings.delivery,
      status: marketplaceListings.status,
      sellerId: sellers.id,
      sellerName: sellers.displayName,
      sellerUserId: sellers.userId,
      sellerStatus: sellers.status,
    })
    .from(marketplaceListings)
    .innerJoin(sellers, eq(sellers.id, marketplaceListings.sellerId))
    .where(inArray(marketplaceListings.id, ids))
    .orderBy(asc(marketplaceListings.id));
  const rows = opts.lock ? await query.for("update", { of: marketplaceListings }) : await query;
  const photos = await db
    .selectDistinctOn([marketplaceListingPhotos.listingId], {
      listingId: marketplaceListingPhotos.listingId,
      small: marketplaceListingPhotos.smallPath,
    })
    .from(marketplaceListingPhotos)
    .where(inArray(marketplaceListingPhotos.listingId, ids))
    .orderBy(marketplaceListingPhotos.listingId, asc(marketplaceListingPhotos.position));
  const imageOf = new Map(photos.map((p) => [p.listingId, p.small]));
  return new Map(
    rows.map(({ status, sellerStatus, ...r }) => [
      r.listingId,
      {
        ...r,
        kind: r.kind as TListingKind,
        delivery: r.delivery as TDeliveryOption | null,
        forSale: status === "published" && sellerStatus === "active",
        image: imageOf.get(r.listingId) ?? null,
      },
    ]),
  );
}

/** Units of a listing one cart line may hold now: a design one copy, a product its stock; none when not for sale. */
export function listingMaxQuantity(l: Pick<TListingForCart, "forSale" | "kind" | "stock">): number {
  if (!l.forSale) return 0;
  return l.kind === "design" ? 1 : Math.max(0, l.stock ?? 0);
}

/** Whether the line is delivered (and pays delivery): a design is downloaded, a product for pickup only is collected. */
export const listingShips = (l: Pick<TListingForCart, "kind" | "delivery">) => l.kind === "product" && l.delivery !== "pickup";

/** Why a listing cannot be bought by this person, or null when it can (docs/product/marketplace.md#buying). */
export function listingRefusal(listing: TListingForCart | undefined, userId: string | null | undefined): string | null {
  if (!listing || !listing.forSale) return "This listing is not for sale any more. It may have been unpublished by its seller.";
  if (userId && listing.sellerUserId === userId) return "This is your own listing: you cannot buy it.";
  if (listing.kind === "product" && (listing.stock ?? 0) <= 0) return `${listing.title} is sold out`;
  return null;
}
