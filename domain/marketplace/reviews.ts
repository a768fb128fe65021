// Reviews of marketplace purchases (docs/product/marketplace.md#reviews): shared by the pages and the server; the zod
// forms are in review-input.ts.

import { ERASED_NAME, ERASED_PUBLIC_NAME } from "../privacy/deletion-requests";

export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const HIDE_REASON_MIN = 10;
export const REVIEWS_SHOWN = 20;

export type TReviewView = {
  id: number;
  /** The purchase and listing reviewed: "12-3". */
  key: string;
  rating: number;
  body: string;
  /** The buyer as other buyers see them: first name and initial ("Chiamaka O."). */
  buyerName: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
  listing: { title: string; slug: string };
  sellerName: string;
  /** Staff's reason, when the review is hidden from buyers. */
  hiddenReason: string | null;
};

export type TRatingSummary = { average: number; count: number };

/** "Chiamaka Obi" -> "Chiamaka O.": enough to be a person, not enough to find them. */
export function reviewerName(fullName: string): string {
  // An erased buyer's review stays, as "A customer" (docs/product/privacy-requests.md).
  if (fullName === ERASED_NAME) return ERASED_PUBLIC_NAME;
  const [first, ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : (first ?? "A buyer");
}

/** The average to one decimal, from the sum and the count; none without reviews. */
export function ratingSummary(sum: number, count: number): TRatingSummary | null {
  return count > 0 ? { average: Math.round((sum / count) * 10) / 10, count } : null;
}

export const starsText = (rating: number) => `${rating} out of 5 stars`;

/** A listing line a buyer received and has not reviewed yet. */
export type TReviewToWrite = {
  key: string;
  subOrderId: number;
  listingId: number;
  title: string;
  slug: string;
  partLabel: string;
  sellerName: string;
};
