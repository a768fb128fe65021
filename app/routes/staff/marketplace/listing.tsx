import { useFetcher } from "react-router";
import type { Route } from "./+types/listing";
import { formatFileSize } from "@domain/academy/academy";
import { parseThen } from "@domain/errors/app-error";
import { LISTING_REVIEW_FIELDS, ZListingReview } from "@domain/marketplace/listing-input";
import { DELIVERY_OPTION_LABEL, LISTING_KIND_LABEL, LISTING_STATUS_LABEL } from "@domain/marketplace/listings";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { getListingDetails } from "@server/marketplace/get-listing-details";
import { reviewListing } from "@server/marketplace/review-listing";
import { FormError, TextareaField } from "~/components/ui/field";
import { DecisionButtons } from "~/components/ui/action-form";
import { Image } from "~/components/ui/image";
import { JsFlag } from "~/components/ui/js-flag";
import { SubmissionReview } from "~/components/staff/submission-review";
import { DetailRow } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/marketplace/listings/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const listing = await getListingDetails(Number(params.id));
  if (!listing) throw new Response("Not found", { status: 404 });
  return { listing: { ...listing, submittedAt: listing.submittedAt.toISOString(), updatedAt: listing.updatedAt.toISOString() } };
}

/** Publish, or reject with a reason (docs/product/marketplace.md#review-of-listings). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const reviewer = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await parseThen(ZListingReview, { ...fields, listingId: params.id }, LISTING_REVIEW_FIELDS, (input) =>
    reviewListing(reviewer, input),
  );
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: r.status === "published" ? "Listing published" : "Listing rejected",
      description: `${r.title}: the seller has been told.`,
    }),
    failedTitle: "Not decided",
  });
}

export default function ListingReview({ loaderData }: Route.ComponentProps) {
  const l = loaderData.listing;
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  return (
    <SubmissionReview
      back={{ to: "/staff/marketplace/listings", label: "Marketplace listings" }}
      title={l.title}
      state={`${LISTING_KIND_LABEL[l.kind]} · ${LISTING_STATUS_LABEL[l.status]} · sent ${formatLagosDateTime(l.submittedAt)}`}
      stateTestId="listing-review-state"
      detailsTitle="Listing"
      details={
        <>
          <DetailRow label="Seller">
            {l.seller.displayName} · {l.seller.email}
            {l.seller.status === "suspended" ? " · store suspended" : ""}
          </DetailRow>
          <DetailRow label="Price">{formatKobo(l.priceKobo)}</DetailRow>
          <DetailRow label="Category">{l.category}</DetailRow>
          {l.kind === "product" ? (
            <>
              <DetailRow label="In stock">{l.stock}</DetailRow>
              <DetailRow label="Ready in">{l.leadTimeDays} days</DetailRow>
              <DetailRow label="Buyers get it by">{l.delivery ? DELIVERY_OPTION_LABEL[l.delivery] : ""}</DetailRow>
            </>
          ) : (
            <DetailRow label="Files">
              <ul>
                {l.files.map((f) => (
                  <li key={f.id}>
                    {f.fileName} · {f.fileType.toUpperCase()} · {formatFileSize(f.bytes)}
                  </li>
                ))}
              </ul>
            </DetailRow>
          )}
          <DetailRow label="Description">
            <span className="whitespace-pre-line">{l.description}</span>
          </DetailRow>
          {l.reviewNote ? <DetailRow label="Last note to the seller">{l.reviewNote}</DetailRow> : null}
        </>
      }
      afterDetails={
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {l.photos.map((p, i) => (
            <li key={p.id}>
              <a href={p.large}>
                <Image
                  src={p.small}
                  alt={`Photo ${i + 1} of ${l.title}`}
                  width={240}
                  height={180}
                  className="aspect-[4/3] w-full rounded-lg bg-surface-2 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      }
    >
      {l.status === "pending" ? (
        <section className={cardClass} aria-labelledby="decide">
          <h2 id="decide" className="mb-3 text-lg font-bold">
            Decide
          </h2>
          <fetcher.Form method="post" className="space-y-3" noValidate>
            <JsFlag />
            <input type="hidden" name="seen" value={l.updatedAt} />
            <FormError message={formError} />
            <TextareaField
              label="Reason for the seller"
              name="note"
              rows={3}
              maxLength={1000}
              hint="Needed to reject: say what to change. The seller receives it by e-mail."
              error={fieldError("note")}
            />
            <DecisionButtons
              busy={busy}
              choices={[
                ["approve", "Publish", "primary"],
                ["reject", "Reject", "danger"],
              ]}
              className="flex flex-wrap gap-3"
            />
          </fetcher.Form>
        </section>
      ) : null}
    </SubmissionReview>
  );
}
