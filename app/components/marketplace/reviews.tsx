import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { starsText, type TRatingSummary, type TReviewView } from "@domain/marketplace/reviews";
import { formatLagosDate } from "@domain/time/lagos-time";

// Reviews as every page shows them (docs/product/marketplace.md#reviews): stars, the buyer's words, the seller's answer.
// Display only, so public pages ship no form code; the forms are in review-forms.tsx.

export function Stars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-accent" role="img" aria-label={starsText(Math.round(rating))}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`${className} ${n <= Math.round(rating) ? "fill-current" : "opacity-40"}`} aria-hidden />
      ))}
    </span>
  );
}

/** "4.6 (12 reviews)", or "No reviews yet". */
export function RatingLine({ rating }: { rating: TRatingSummary | null }) {
  if (!rating) return <span className="text-sm text-muted">No reviews yet</span>;
  return (
    <span className="inline-flex items-center gap-2 text-sm" data-testid="rating">
      <Stars rating={rating.average} />
      <span>
        {rating.average.toFixed(1)} ({rating.count} review{rating.count === 1 ? "" : "s"})
      </span>
    </span>
  );
}

export function ReviewItem({
  review,
  showListing = false,
  children,
}: {
  review: TReviewView;
  showListing?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="space-y-2 py-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <span className="text-sm font-semibold">{review.buyerName}</span>
        <span className="text-sm text-muted">{formatLagosDate(review.createdAt)}</span>
      </div>
      {showListing ? (
        <p className="text-sm text-muted">
          On{" "}
          <Link to={`/marketplace/${review.listing.slug}`} className="text-brand hover:underline">
            {review.listing.title}
          </Link>
        </p>
      ) : null}
      <p className="whitespace-pre-line break-words">{review.body}</p>
      {review.hiddenReason ? (
        <p className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">Hidden by our team: {review.hiddenReason}</p>
      ) : null}
      {review.reply ? (
        <div className="ml-4 border-l-2 border-line pl-3 text-sm" data-testid="review-reply">
          <p className="font-semibold">{review.sellerName} answered</p>
          <p className="whitespace-pre-line break-words text-muted">{review.reply}</p>
        </div>
      ) : null}
      {children}
    </li>
  );
}
