import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/reviews";
import { parseThen } from "@domain/errors/app-error";
import { ZHideReview } from "@domain/marketplace/review-input";
import type { TReviewView } from "@domain/marketplace/reviews";
import { hideReview } from "@server/marketplace/hide-review";
import { listReviewsForStaff } from "@server/marketplace/list-reviews";
import { ReviewItem } from "~/components/marketplace/reviews";
import { ErrorText, TextareaField } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// Marketplace reviews for staff (docs/product/marketplace.md#reviews): the newest 100, and hiding an abusive one with a
// reason the buyer and the seller can read. Audited.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/marketplace/reviews", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const hiddenOnly = new URL(request.url).searchParams.get("show") === "hidden";
  return { reviews: await listReviewsForStaff(hiddenOnly ? "hidden" : "all"), hiddenOnly };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await parseThen(ZHideReview, fields, ["reason"], (input) => hideReview(staff, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Review hidden", description: `The review of ${r.title} is no longer shown to buyers.` }),
    failedTitle: "Review not hidden",
  });
}

/** The hide form; kept mounted (it renders nothing once hidden) so its toast survives the reload. */
function HideForm({ review }: { review: TReviewView }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError } = useActionToast(fetcher);
  if (review.hiddenReason) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-danger">Hide this review</summary>
      <fetcher.Form method="post" className="mt-2 space-y-2" aria-label={`Hide ${review.buyerName}'s review`}>
        <JsFlag />
        <input type="hidden" name="reviewId" value={review.id} />
        <TextareaField
          label="Reason (the buyer and the seller will see it)"
          name="reason"
          rows={2}
          maxLength={500}
          error={fieldError("reason")}
        />
        <ErrorText message={formError} className="text-danger" />
        <button type="submit" className={buttonClass.outline} disabled={busy}>
          Hide review
        </button>
      </fetcher.Form>
    </details>
  );
}

export default function StaffReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, hiddenOnly } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/marketplace/listings">Marketplace listings</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Marketplace reviews</h1>
        <p className="mt-1 text-muted">
          What buyers wrote about the listings they received, newest first. Hide only what is abusive or not about the purchase.
        </p>
      </header>
      <nav aria-label="Which reviews" className="flex gap-2">
        <Link
          to="/staff/marketplace/reviews"
          className={hiddenOnly ? buttonClass.outline : buttonClass.primary}
          aria-current={hiddenOnly ? undefined : "page"}
        >
          All
        </Link>
        <Link
          to="?show=hidden"
          className={hiddenOnly ? buttonClass.primary : buttonClass.outline}
          aria-current={hiddenOnly ? "page" : undefined}
        >
          Hidden
        </Link>
      </nav>
      {reviews.length === 0 ? (
        <p className={`${cardClass} text-muted`}>{hiddenOnly ? "No review has been hidden." : "No reviews yet."}</p>
      ) : (
        <ul className={`${cardClass} divide-y divide-line !py-0`} data-testid="staff-reviews">
          {reviews.map((r) => (
            <ReviewItem key={r.id} review={r} showListing>
              <p className="text-xs text-muted">Sold by {r.sellerName}</p>
              <HideForm review={r} />
            </ReviewItem>
          ))}
        </ul>
      )}
    </div>
  );
}
