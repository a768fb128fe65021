import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { TextareaField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import {
  REVIEW_BODY_MAX,
  REVIEW_REPLY_MAX,
  starsText,
  type TRatingSummary,
  type TReviewToWrite,
  type TReviewView,
} from "@domain/marketplace/reviews";
import { formatLagosDate } from "@domain/time/lagos-time";

// Reviews as every page shows them (docs/product/marketplace.md#reviews): stars, the buyer's words, the seller's answer.

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

/**
 * One listing a buyer received: the review they wrote, or the form to write it (stars as radio buttons, words). The
 * same component (keyed by purchase and listing) shows both, so the answer's toast survives the form turning into
 * the review.
 */
export function BuyerReview({ item, written }: { item?: TReviewToWrite; written?: TReviewView }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError } = useActionToast(fetcher);
  if (written || !item) return written ? <ReviewItem review={written} showListing /> : null;
  const name = `rating-${item.subOrderId}-${item.listingId}`;
  return (
    <li className="space-y-3 py-4" data-testid="review-to-write">
      <p className="font-semibold">
        {item.title}{" "}
        <span className="font-normal text-muted">
          · {item.sellerName} · {item.partLabel}
        </span>
      </p>
      <fetcher.Form method="post" className="space-y-3" aria-label={`Review ${item.title}`}>
        <JsFlag />
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="subOrderId" value={item.subOrderId} />
        <input type="hidden" name="listingId" value={item.listingId} />
        <fieldset aria-describedby={fieldError("rating") ? `${name}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Your rating</legend>
          <div className="flex flex-wrap gap-2">
            {[5, 4, 3, 2, 1].map((n) => (
              <label
                key={n}
                className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded-xl border border-line px-3 has-[:checked]:border-brand has-[:checked]:ring-2 has-[:checked]:ring-brand/40"
              >
                <input type="radio" name="rating" value={n} className="h-4 w-4 accent-[var(--brand)]" />
                {n} star{n === 1 ? "" : "s"}
              </label>
            ))}
          </div>
          {fieldError("rating") ? (
            <p id={`${name}-error`} className="mt-1 text-sm text-danger" role="alert">
              {fieldError("rating")}
            </p>
          ) : null}
        </fieldset>
        <TextareaField label="Your review" name="body" rows={3} maxLength={REVIEW_BODY_MAX} error={fieldError("body")} />
        {formError ? (
          <p className="text-sm text-danger" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          Post review
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The seller's one answer to a review. */
export function ReplyForm({ review }: { review: TReviewView }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError } = useActionToast(fetcher);
  if (review.reply) return null;
  return (
    <fetcher.Form method="post" className="space-y-2" aria-label={`Answer ${review.buyerName}'s review`}>
      <JsFlag />
      <input type="hidden" name="reviewId" value={review.id} />
      <TextareaField
        label={`Your answer to ${review.buyerName}`}
        name="reply"
        rows={2}
        maxLength={REVIEW_REPLY_MAX}
        error={fieldError("reply")}
        hint="Shown under the review, once"
      />
      {formError ? (
        <p className="text-sm text-danger" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Post answer
      </button>
    </fetcher.Form>
  );
}
