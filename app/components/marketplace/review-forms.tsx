import { useFetcher } from "react-router";
import { ErrorText, TextareaField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { REVIEW_BODY_MAX, REVIEW_REPLY_MAX, type TReviewToWrite, type TReviewView } from "@domain/marketplace/reviews";
import { ReviewItem } from "./reviews";

// The review forms of the dashboards (docs/product/marketplace.md#reviews): the buyer's review and the seller's answer.

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
          <ErrorText id={`${name}-error`} className="mt-1 text-sm text-danger" message={fieldError("rating")} />
        </fieldset>
        <TextareaField label="Your review" name="body" rows={3} maxLength={REVIEW_BODY_MAX} error={fieldError("body")} />
        <ErrorText message={formError} />
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
      <ErrorText message={formError} />
      <button type="submit" className={buttonClass.outline} disabled={busy}>
        Post answer
      </button>
    </fetcher.Form>
  );
}
