import { Download, Heart, PackageSearch, Star, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { ListingCard } from "~/components/marketplace/listing-card";
import { JsFlag } from "~/components/ui/js-flag";
import { ZSavedListing } from "@domain/marketplace/saved-listing-input";
import { listSavedListings, type TSavedListing } from "@server/marketplace/list-saved-listings";
import { saveListingForLater } from "@server/marketplace/save-listing-for-later";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import type { Route } from "./+types/buyer-dashboard";
import { PartCard } from "~/components/marketplace/part-card";
import { BuyerReview } from "~/components/marketplace/review-forms";
import { PageHeader } from "~/components/ui/page-header";
import { parseThen } from "@domain/errors/app-error";
import { ZReview } from "@domain/marketplace/review-input";
import { listBuyerReviews } from "@server/marketplace/list-reviews";
import { writeReview } from "@server/marketplace/write-review";
import { actionResponse } from "~/http/action-response.server";
import { oneFile, readFormData, textFields } from "~/http/request-input.server";
import { ZMessage } from "@domain/marketplace/message-input";
import { listMessages } from "@server/marketplace/list-messages";
import { sendMessage } from "@server/marketplace/send-message";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { formatFileSize } from "@domain/academy/academy";
import { metaFor } from "~/lib/meta";
import { DOWNLOAD_LINK_MINUTES } from "@domain/marketplace/listings";
import { listMyDownloads } from "@server/marketplace/design-downloads";
import { listBuyerParts } from "@server/marketplace/list-order-parts";
import { requireUser } from "~/http/access.server";

// The buyer's side of the marketplace (docs/product/marketplace.md#buyer-dashboard): purchases by seller's part, with
// status and the seller's tracking note, the designs bought, downloaded through short-lived signed links, reviews and
// listings saved for later.

export const meta: Route.MetaFunction = (args) => metaFor("/marketplace/buyer-dashboard", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const [parts, downloads, reviews, saved] = await Promise.all([
    listBuyerParts(viewer.id),
    listMyDownloads(viewer.id),
    listBuyerReviews(viewer.id),
    listSavedListings(viewer.id),
  ]);
  const messages = await listMessages(
    parts.filter((p) => p.seller.slug).map((p) => p.id),
    viewer.id,
  );
  return { parts: parts.map((p) => (p.seller.slug ? { ...p, messages: messages.get(p.id) ?? [] } : p)), downloads, reviews, saved };
}

/**
 * Posts a review of a listing the buyer received, a message to a seller, or takes a listing off the saved ones
 * (docs/product/marketplace.md#reviews, #messages, #saved-listings).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const form = await readFormData(request);
  const fields = textFields(form);
  if (fields.intent === "unsave") {
    const removed = await parseThen(ZSavedListing, fields, [], (input) => saveListingForLater(viewer, input));
    return actionResponse(request, fields, removed, {
      done: (r) => ({ type: "info", title: "Removed from saved listings", description: r.title }),
      failedTitle: "Not removed",
    });
  }
  if (fields.intent === "message") {
    const sent = await parseThen(ZMessage, fields, ["body"], (input) => sendMessage(viewer, input, oneFile(form, "photo")));
    return actionResponse(request, fields, sent, {
      done: (r) => ({ type: "success", title: "Message sent", description: `About ${r.label}. The seller has been told.` }),
      failedTitle: "Message not sent",
    });
  }
  const result = await parseThen(ZReview, fields, ["rating", "body"], (input) => writeReview(viewer, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Review posted", description: `Thank you: other buyers will see it on ${r.title}.` }),
    failedTitle: "Review not posted",
  });
}

/** Listings saved for later: those on sale as cards, the others by title; one fetcher, so its toast outlives the row. */
/** A part of the buyer's page: its heading with the part's icon, and its own id for the links that lead to it. */
function IconSection({
  id,
  icon: Icon,
  title,
  className = "space-y-3",
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className} id={`${id}-section`}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-bold">
        <Icon className="h-5 w-5 text-brand" aria-hidden /> {title}
      </h2>
      {children}
    </section>
  );
}

function SavedListings({ saved }: { saved: TSavedListing[] }) {
  const fetcher = useFetcher<TActionAnswer>();
  useActionToast(fetcher, { errors: "toast" });
  const removing = fetcher.formData ? Number(fetcher.formData.get("listingId")) : null;
  const shown = saved.filter((s) => s.listingId !== removing);
  const remove = (s: TSavedListing, title: string) => (
    <fetcher.Form method="post" className="mt-2">
      <JsFlag />
      <input type="hidden" name="listingId" value={s.listingId} />
      <button type="submit" name="intent" value="unsave" className="text-sm font-semibold text-brand underline">
        Remove<span className="sr-only"> {title} from saved listings</span>
      </button>
    </fetcher.Form>
  );
  return (
    <IconSection id="saved" icon={Heart} title="Saved for later">
      {shown.length === 0 ? (
        <p className={`${cardClass} text-muted`}>
          Tap "Save for later" on a listing to keep it here.{" "}
          <Link to="/marketplace" className="font-semibold text-brand underline">
            Browse the marketplace
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="saved-listings">
          {shown.map((s) =>
            s.onSale ? (
              <li key={s.listingId} data-testid="saved-listing">
                <ListingCard listing={s.card} />
                {remove(s, s.card.title)}
              </li>
            ) : (
              <li key={s.listingId} className={`${cardClass} text-sm`} data-testid="saved-listing">
                <p className="font-semibold">{s.title}</p>
                <p className="text-muted">No longer on sale.</p>
                {remove(s, s.title)}
              </li>
            ),
          )}
        </ul>
      )}
    </IconSection>
  );
}

export default function BuyerDashboard({ loaderData }: Route.ComponentProps) {
  const { parts, downloads, reviews, saved } = loaderData;
  const reviewSlots = [
    ...reviews.toWrite.map((item) => ({ key: item.key, item, written: undefined })),
    ...reviews.written.map((written) => ({ key: written.key, item: undefined, written })),
  ];
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:py-10">
      <header>
        <PageHeader
          eyebrow="Zavolah Marketplace"
          title="My marketplace purchases"
          titleClassName="mt-1 text-3xl font-bold"
          introClassName="mt-1 text-muted"
        >
          What you bought from independent sellers and designers, your design downloads and the listings you saved.
        </PageHeader>
      </header>

      <IconSection id="downloads" icon={Download} title="Downloads">
        {downloads.length === 0 ? (
          <p className={`${cardClass} text-muted`}>Designs you buy appear here, ready to download as soon as they are paid.</p>
        ) : (
          <ul className="space-y-3" data-testid="downloads">
            {downloads.map((d) => (
              <li key={d.grantId} className={`${cardClass} space-y-2`} data-testid="download">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`/marketplace/${d.slug}`} className="font-semibold hover:underline">
                    {d.title}
                  </Link>
                  <p className="text-sm text-muted" data-testid="downloads-left">
                    {d.revoked ? "Refunded: no longer available" : `${d.max - d.used} of ${d.max} downloads left`}
                  </p>
                </div>
                <ul className="space-y-1">
                  {d.files.map((f) => (
                    <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="min-w-0 break-all">
                        {f.name} <span className="text-muted">({formatFileSize(f.bytes)})</span>
                      </span>
                      {f.href ? (
                        <a href={f.href} className={buttonClass.outline} download>
                          <Download className="h-4 w-4" aria-hidden /> Download<span className="sr-only"> {f.name}</span>
                        </a>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {!d.revoked && d.used < d.max ? (
                  <p className="text-xs text-muted">
                    Links work for {DOWNLOAD_LINK_MINUTES} minutes and only for you; reload the page for fresh ones.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </IconSection>

      <IconSection
        id="reviews"
        icon={Star}
        title={
          <>
            Reviews
            {reviews.toWrite.length > 0 ? (
              <span className="text-base font-normal text-muted">({reviews.toWrite.length} to write)</span>
            ) : null}
          </>
        }
        className={`${cardClass} space-y-1`}
      >
        {reviewSlots.length === 0 ? (
          <p className="text-muted">Once a purchase is delivered, you can tell other buyers how it went here.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="buyer-reviews">
            {reviewSlots.map((slot) => (
              <BuyerReview key={slot.key} item={slot.item} written={slot.written} />
            ))}
          </ul>
        )}
      </IconSection>

      <IconSection id="purchases" icon={PackageSearch} title="Purchases">
        {parts.length === 0 ? (
          <div className={`${cardClass} space-y-3 text-center`}>
            <p className="font-semibold">No marketplace purchases yet</p>
            <p className="text-sm text-muted">
              Furniture, decor and house plans from Nigerian makers and architects, paid through our checkout.
            </p>
            <Link to="/marketplace" className={buttonClass.primary}>
              Browse the marketplace
            </Link>
          </div>
        ) : (
          <ul className="space-y-3" data-testid="purchases">
            {parts.map((p) => (
              <PartCard key={p.id} part={p} viewer="buyer" />
            ))}
          </ul>
        )}
      </IconSection>

      <SavedListings saved={saved} />
    </div>
  );
}
