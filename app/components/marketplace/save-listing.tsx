import { Heart } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

/**
 * Save a listing for later, or take it off the list (docs/product/marketplace.md#saved-listings). A plain POST without
 * JavaScript; visitors are asked to sign in first and come back to the listing.
 */
export function SaveListing({
  listingId,
  saved,
  signInHref,
  action,
}: {
  listingId: number;
  saved: boolean | null;
  signInHref: string;
  action?: string;
}) {
  const fetcher = useFetcher<TActionAnswer>();
  useActionToast(fetcher, { errors: "toast" });
  if (saved === null)
    return (
      <Link to={signInHref} className={`${buttonClass.outline} w-full sm:w-auto`} data-testid="save-listing">
        <Heart className="h-4 w-4" aria-hidden /> Sign in to save for later
      </Link>
    );
  // Shown as it will be once the answer arrives, so a double tap does not undo it.
  const showSaved = fetcher.formData ? fetcher.formData.get("intent") === "save" : saved;
  return (
    <fetcher.Form method="post" action={action} data-testid="save-listing">
      <JsFlag />
      <input type="hidden" name="listingId" value={listingId} />
      <button
        type="submit"
        name="intent"
        value={showSaved ? "unsave" : "save"}
        aria-pressed={showSaved}
        className={`${buttonClass.outline} w-full sm:w-auto`}
        disabled={fetcher.state !== "idle"}
      >
        <Heart className={`h-4 w-4 ${showSaved ? "fill-current text-danger" : ""}`} aria-hidden />
        {showSaved ? "Saved for later" : "Save for later"}
      </button>
    </fetcher.Form>
  );
}
