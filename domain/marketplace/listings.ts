import type { TConsultationRequestView } from "./consultations";
import type { TSellerEarningsView } from "./earnings";
import type { TPartView } from "./sub-orders";
import type { TReviewView } from "./reviews";
import type { TSalesWeek } from "./sales";
import { SELLER_CATEGORIES, type TSellerCategory, type TSellerKind, type TSellerStatus } from "./marketplace";

// Marketplace listings (docs/product/marketplace.md#listings): what sellers offer and how staff review it. Shared by
// the pages and the server; the zod forms are in listing-input.ts so pages that only show listings ship no zod.

/** A physical product the seller ships or hands over, or a design sold as files to download. */
export const LISTING_KINDS = ["product", "design"] as const;
export type TListingKind = (typeof LISTING_KINDS)[number];
export const LISTING_KIND_LABEL: Record<TListingKind, string> = { product: "Product", design: "Design to download" };

/** Sellers of products list products; architects and designers list designs and may also sell products. */
export const listingKindsFor = (sellerKind: TSellerKind): readonly TListingKind[] =>
  sellerKind === "architect" ? LISTING_KINDS : (["product"] as const);

/**
 * pending -> published | rejected (staff); published | pending -> unpublished (the seller); an edit of price or files,
 * or sending an unpublished or rejected listing again, goes back to pending.
 */
export const LISTING_STATUSES = ["pending", "published", "rejected", "unpublished"] as const;
export type TListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_STATUS_LABEL: Record<TListingStatus, string> = {
  pending: "Awaiting review",
  published: "Published",
  rejected: "Not approved",
  unpublished: "Unpublished",
};

/** A design's second name on cart and order lines, where a product shows its seller. */
export const DESIGN_LINE_NAME = "Design to download";

export const DELIVERY_OPTIONS = ["pickup", "delivery", "both"] as const;
export type TDeliveryOption = (typeof DELIVERY_OPTIONS)[number];
export const DELIVERY_OPTION_LABEL: Record<TDeliveryOption, string> = {
  pickup: "Pickup from the seller",
  delivery: "Delivered by the seller",
  both: "Pickup or delivery",
};

export const LISTING_CATEGORIES = SELLER_CATEGORIES;
export type TListingCategory = TSellerCategory;

export const MAX_LISTING_PHOTOS = 6;
export const MAX_LISTING_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_DESIGN_FILES = 5;
export const MAX_DESIGN_FILE_BYTES = 20 * 1024 * 1024;
/** A buyer's design downloads (docs/product/marketplace.md#downloads): how long a signed link works, and how many per purchase. */
export const DOWNLOAD_LINK_MINUTES = 10;
export const DOWNLOADS_PER_PURCHASE = 5;
/** Highest listing price, in naira. */
export const MAX_LISTING_NAIRA = 50_000_000;

export const MARKETPLACE_SORTS = { newest: "Newest", "price-asc": "Price: low to high", "price-desc": "Price: high to low" } as const;
export type TMarketplaceSort = keyof typeof MARKETPLACE_SORTS;
export const LISTINGS_PER_PAGE = 12;
/** Staff's review queue page size. */
export const REVIEW_QUEUE_PAGE_SIZE = 20;

export type TMarketplaceFilters = {
  q: string | null;
  category: TListingCategory | null;
  kind: TListingKind | null;
  seller: string | null;
  min: number | null;
  max: number | null;
  sort: TMarketplaceSort;
  page: number;
};

/** The address of a marketplace search; defaults are left out so shared links stay short. */
export function marketplaceHref(f: Partial<TMarketplaceFilters>): string {
  const q = new URLSearchParams();
  if (f.q) q.set("q", f.q);
  if (f.category) q.set("category", f.category);
  if (f.kind) q.set("kind", f.kind);
  if (f.seller) q.set("seller", f.seller);
  if (f.min != null) q.set("min", String(f.min));
  if (f.max != null) q.set("max", String(f.max));
  if (f.sort && f.sort !== "newest") q.set("sort", f.sort);
  if (f.page && f.page > 1) q.set("page", String(f.page));
  const s = q.toString();
  return s ? `/marketplace?${s}` : "/marketplace";
}

/** A listing as the catalogue and storefronts show it. */
export type TListingCard = {
  slug: string;
  kind: TListingKind;
  title: string;
  category: string;
  priceKobo: number;
  stock: number | null;
  photo: { small: string; large: string; width: number; height: number } | null;
  seller: { slug: string; displayName: string; pickupState: string };
};

/** A listing's public address segment: its title and a short random tail, so titles may repeat. */
export const LISTING_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A seller's own listing on their dashboard. */
export type TDashboardListing = {
  id: number;
  slug: string;
  kind: TListingKind;
  title: string;
  priceKobo: number;
  stock: number | null;
  status: TListingStatus;
  reviewNote: string | null;
  photo: { small: string } | null;
};

export type TSellerDashboardData = {
  seller: { slug: string; displayName: string; status: TSellerStatus } | null;
  listings: TDashboardListing[];
  /** Architects' studios only: consultation requests from buyers. */
  consultations: TConsultationRequestView[] | null;
  /** Parts of orders to fulfil and fulfilled (docs/product/marketplace.md#fulfilment). */
  parts: TPartView[];
  earnings: TSellerEarningsView | null;
  /** Reviews of the store's listings, hidden ones with staff's reason. */
  reviews: TReviewView[];
  /** Paid sales by week, oldest first. */
  sales: TSalesWeek[];
};

/** How many listings one buyer may keep saved (docs/product/marketplace.md#saved-listings). */
export const MAX_SAVED_LISTINGS = 100;
