import { PackagePlus, Store } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { Image } from "~/components/ui/image";
import { JsFlag } from "~/components/ui/js-flag";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import {
  LISTING_KIND_LABEL,
  LISTING_STATUS_LABEL,
  type TDashboardListing,
  type TListingStatus,
  type TSellerDashboardData,
} from "@domain/marketplace/listings";
import { formatKobo } from "@domain/money/money";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { ConsultationRequests } from "./consultation-requests";
import { SellerEarnings, SellerOrders } from "./seller-orders";
import { ReplyForm } from "./review-forms";
import { ReviewItem } from "./reviews";
import { SalesChart } from "./sales-chart";

// A seller's or architect's dashboard (docs/product/marketplace.md#listings, #fulfilment, #earnings): orders to
// fulfil, earnings and payouts, their listings with review state and stock, and what they can do with each.

const STATUS_TONE: Record<TListingStatus, string> = {
  pending: "bg-accent/15 text-fg",
  published: "bg-brand/15 text-brand",
  rejected: "bg-danger/15 text-danger",
  unpublished: "bg-surface-2 text-muted",
};

function VisibilityButton({ listing }: { listing: TDashboardListing }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy } = useActionToast(fetcher, { errors: "toast" });
  const intent = listing.status === "published" || listing.status === "pending" ? "unpublish" : "resubmit";
  return (
    <fetcher.Form method="post">
      <JsFlag />
      <input type="hidden" name="listingId" value={listing.id} />
      <button type="submit" name="intent" value={intent} className={buttonClass.outline} disabled={busy}>
        {intent === "unpublish" ? "Unpublish" : "Send for review"}
        <span className="sr-only">: {listing.title}</span>
      </button>
    </fetcher.Form>
  );
}

export function SellerDashboard({ data, heading }: { data: TSellerDashboardData; heading: string }) {
  const { seller, listings, consultations, parts, earnings, reviews, sales } = data;
  if (!seller)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10">
        <h1 className="text-3xl font-bold">{heading}</h1>
        <p className="text-muted">You do not sell on the marketplace yet.</p>
        <Link to="/marketplace/become-seller" className={buttonClass.primary}>
          Apply to sell
        </Link>
      </div>
    );
  const counts = { published: 0, pending: 0 };
  for (const l of listings) if (l.status === "published" || l.status === "pending") counts[l.status]++;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeader eyebrow={seller.displayName} title={heading} titleClassName="mt-1 text-3xl font-bold" />
          <p className="mt-1 text-muted" data-testid="listing-counts">
            {counts.published} published · {counts.pending} awaiting review
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/marketplace/sellers/${seller.slug}`} className={buttonClass.outline}>
            <Store className="h-4 w-4" aria-hidden /> My store
          </Link>
          {seller.status === "active" ? (
            <Link to="/seller/listings/new" className={buttonClass.primary}>
              <PackagePlus className="h-4 w-4" aria-hidden /> New listing
            </Link>
          ) : null}
        </div>
      </header>
      {seller.status === "suspended" ? (
        <p className={`${cardClass} border-l-4 border-danger`} role="status">
          Your store is suspended: your listings are hidden from buyers and payouts are held. Our team has e-mailed you the reason.
        </p>
      ) : null}
      <SellerOrders parts={parts} />
      {sales.length > 0 ? <SalesChart weeks={sales} /> : null}
      {earnings ? <SellerEarnings earnings={earnings} suspended={seller.status === "suspended"} /> : null}
      <section aria-labelledby="my-listings" className="space-y-3">
        <h2 id="my-listings" className="text-xl font-bold">
          My listings
        </h2>
        {listings.length === 0 ? (
          <div className={`${cardClass} text-muted`}>
            <p>No listings yet. Add your first piece: our team checks every listing before buyers see it, usually within a working day.</p>
          </div>
        ) : (
          <ul className="space-y-3" data-testid="my-listings">
            {listings.map((l) => (
              <li key={l.id} className={`${cardClass} flex flex-col gap-3 sm:flex-row sm:items-center`}>
                {l.photo ? (
                  <Image
                    src={l.photo.small}
                    alt=""
                    width={96}
                    height={72}
                    className="h-18 w-24 shrink-0 rounded-lg bg-surface-2 object-cover"
                  />
                ) : null}
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-semibold break-words">{l.title}</p>
                  <p className="text-sm text-muted">
                    {LISTING_KIND_LABEL[l.kind]} · {formatKobo(l.priceKobo)}
                    {l.kind === "product" ? ` · ${l.stock} in stock` : ""}
                  </p>
                  <p>
                    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[l.status]}`}>
                      {LISTING_STATUS_LABEL[l.status]}
                    </span>
                  </p>
                  {l.status === "rejected" && l.reviewNote ? <p className="text-sm text-danger">Our team: {l.reviewNote}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {l.status === "published" ? (
                    <Link to={`/marketplace/${l.slug}`} className={buttonClass.outline}>
                      View<span className="sr-only">: {l.title}</span>
                    </Link>
                  ) : null}
                  {seller.status === "active" ? (
                    <Link to={`/seller/listings/${l.id}`} className={buttonClass.outline}>
                      Edit<span className="sr-only">: {l.title}</span>
                    </Link>
                  ) : null}
                  {seller.status === "active" || l.status === "published" || l.status === "pending" ? (
                    <VisibilityButton listing={l} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {consultations ? <ConsultationRequests requests={consultations} /> : null}
      <section aria-labelledby="reviews" className={`${cardClass} space-y-1`} id="reviews-section">
        <h2 id="reviews" className="text-xl font-bold">
          Reviews
        </h2>
        {reviews.length === 0 ? (
          <p className="text-muted">Buyers review what they received once it is delivered. Their reviews, and your answers, show here.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="seller-reviews">
            {reviews.map((r) => (
              <ReviewItem key={r.id} review={r} showListing>
                <ReplyForm review={r} />
              </ReviewItem>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
