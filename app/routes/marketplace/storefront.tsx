import { Clock, MapPin, PackageOpen } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/storefront";
import { SELLER_KIND_LABEL } from "@domain/marketplace/marketplace";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { getStorefront } from "@server/marketplace/get-storefront";
import { listMarketplaceListings } from "@server/marketplace/list-marketplace-listings";
import { listStoreReviews, sellerRatings } from "@server/marketplace/list-reviews";
import { sellerResponseHours } from "@server/marketplace/seller-response-time";
import { RatingLine, ReviewItem } from "~/components/marketplace/reviews";

/** "Usually accepts orders within 3 hours" (or a day, or days), from the median time to accept. */
function responseText(hours: number): string {
  if (hours <= 1) return "Usually accepts orders within an hour";
  if (hours < 24) return `Usually accepts orders within ${Math.ceil(hours)} hours`;
  const days = Math.ceil(hours / 24);
  return `Usually accepts orders within ${days} day${days === 1 ? "" : "s"}`;
}
import { ListingCard } from "~/components/marketplace/listing-card";
import { Pagination } from "~/components/ui/pagination";
import { marketplaceHref } from "@domain/marketplace/listings";
import { cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { parseThen } from "@domain/errors/app-error";
import { CONSULTATION_FIELDS, ZConsultationRequest } from "@domain/marketplace/consultation-input";
import { findSellerOf } from "@server/marketplace/find-seller-of";
import { listMyConsultationsWith } from "@server/marketplace/list-consultations";
import { requestConsultation } from "@server/marketplace/request-consultation";
import { ConsultationPanel, type TConsultationPanel } from "~/components/marketplace/consultation-form";
import { PageHeader } from "~/components/ui/page-header";
import { getViewerFrom, requireUser } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";

// A seller's store page (docs/product/marketplace.md#storefronts). A suspended or unknown seller is a 404.

/** Who is looking at an architect's studio: a visitor is asked to sign in, its owner sees no form. */
async function consultationPanel(viewer: ReturnType<typeof getViewerFrom>, slug: string, path: string): Promise<TConsultationPanel> {
  if (!viewer) return { who: "visitor", signInHref: `${path}?login=true&returnTo=${encodeURIComponent(path)}` };
  if ((await findSellerOf(viewer.id))?.slug === slug) return { who: "owner" };
  return { who: "buyer", mine: await listMyConsultationsWith(viewer.id, slug) };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const seller = await getStorefront(params.slug);
  if (!seller) throw new Response("Not found", { status: 404 });
  const panel =
    seller.kind === "architect" ? await consultationPanel(getViewerFrom(context), seller.slug, new URL(request.url).pathname) : null;
  const [listings, ratings, responseHours, reviews] = await Promise.all([
    listMarketplaceListings(new URLSearchParams({ seller: seller.slug, page: new URL(request.url).searchParams.get("page") ?? "1" })),
    sellerRatings([seller.id]),
    sellerResponseHours(seller.id),
    listStoreReviews(seller.id),
  ]);
  const { id: _id, ...shown } = seller;
  return {
    seller: { ...shown, approvedAt: seller.approvedAt.toISOString() },
    rating: ratings.get(seller.id) ?? null,
    responseHours,
    reviews,
    listings: { items: listings.items, total: listings.total, page: listings.page, pageCount: listings.pageCount },
    panel,
  };
}

/** A buyer's consultation request to an architect's studio (docs/product/marketplace.md#consultations). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const buyer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZConsultationRequest, fields, CONSULTATION_FIELDS, (input) =>
    requestConsultation(buyer, params.slug, input),
  );
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(`/marketplace/sellers/${params.slug}#consultation`, {
    type: "success",
    title: "Request sent",
    description: `${result.studio} answers by e-mail, usually within 2 working days.`,
  });
}

export const meta: Route.MetaFunction = (args) =>
  metaFor("/marketplace/sellers/:slug", args, {
    title: args.data?.seller ? `${args.data.seller.displayName}, ${args.data.seller.pickupState}` : undefined,
    description: args.data?.seller ? args.data.seller.bio.slice(0, 155) : undefined,
  });

export default function Storefront({ loaderData, actionData }: Route.ComponentProps) {
  const s = loaderData.seller;
  const { items, total, page, pageCount } = loaderData.listings;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/marketplace" className="text-brand hover:underline">
          Marketplace
        </Link>
      </nav>
      <header className={`${cardClass} space-y-3`}>
        <PageHeader eyebrow={SELLER_KIND_LABEL[s.kind]} title={s.displayName} titleClassName="text-3xl font-bold break-words" />
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
          <li className="flex items-center gap-1">
            <MapPin className="h-4 w-4" aria-hidden /> {s.pickupLga}, {s.pickupState}
          </li>
          <li>{s.category}</li>
          <li>On Zavolah since {formatLagosDateLong(new Date(s.approvedAt))}</li>
          <li>
            <RatingLine rating={loaderData.rating} />
          </li>
          {loaderData.responseHours !== null ? (
            <li className="flex items-center gap-1" data-testid="response-time">
              <Clock className="h-4 w-4" aria-hidden /> {responseText(loaderData.responseHours)}
            </li>
          ) : null}
        </ul>
        <p className="whitespace-pre-line">{s.bio}</p>
      </header>
      <section aria-labelledby="listings" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="listings" className="text-xl font-bold">
            Listings{total ? ` (${total})` : ""}
          </h2>
          {total > 0 ? (
            <Link to={marketplaceHref({ seller: s.slug })} className="text-sm text-brand hover:underline">
              Search this store
            </Link>
          ) : null}
        </div>
        {items.length === 0 ? (
          <div className={`${cardClass} flex items-center gap-3 text-muted`}>
            <PackageOpen className="h-6 w-6 shrink-0" aria-hidden />
            <p>{s.displayName} has no listings for sale yet. New pieces appear here as soon as our team has checked them.</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3">
            {items.map((listing) => (
              <li key={listing.slug}>
                <ListingCard listing={listing} showSeller={false} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          href={(n) => `/marketplace/sellers/${s.slug}${n > 1 ? `?page=${n}` : ""}`}
          label="Store pages"
        />
      </section>
      {loaderData.reviews.length > 0 ? (
        <section aria-labelledby="store-reviews" className={cardClass}>
          <h2 id="store-reviews" className="text-xl font-bold">
            What buyers say
          </h2>
          <ul className="divide-y divide-line">
            {loaderData.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} showListing />
            ))}
          </ul>
        </section>
      ) : null}
      {loaderData.panel ? <ConsultationPanel studio={s.displayName} panel={loaderData.panel} refused={formRefusalIn(actionData)} /> : null}
    </div>
  );
}
