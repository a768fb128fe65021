import { Clock, Download, FileText, MapPin, Truck } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/listing";
import { listingAvailability } from "~/components/marketplace/listing-card";
import { Image } from "~/components/ui/image";
import { AddListingToCart } from "~/components/marketplace/add-listing-to-cart";
import { cardClass } from "~/components/ui/styles";
import { formatFileSize } from "@domain/academy/academy";
import { DELIVERY_OPTION_LABEL, LISTING_KIND_LABEL } from "@domain/marketplace/listings";
import { SELLER_KIND_LABEL } from "@domain/marketplace/marketplace";
import { formatKobo } from "@domain/money/money";
import { getMarketplaceListing } from "@server/marketplace/get-marketplace-listing";
import { listListingReviews } from "@server/marketplace/list-reviews";
import { RatingLine, ReviewItem } from "~/components/marketplace/reviews";
import { metaFor, originFrom } from "~/lib/meta";
import { productJsonLd } from "~/lib/structured-data";
import { parseThen } from "@domain/errors/app-error";
import { ZSavedListing } from "@domain/marketplace/saved-listing-input";
import { isListingSaved } from "@server/marketplace/list-saved-listings";
import { saveListingForLater } from "@server/marketplace/save-listing-for-later";
import { SaveListing } from "~/components/marketplace/save-listing";
import { PageHeader } from "~/components/ui/page-header";
import { getViewerFrom, requireUser } from "~/http/access.server";
import { useDeferredPersonalSummary, useLooksSignedIn } from "~/root";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";

// A marketplace listing's page (docs/product/marketplace.md#the-marketplace): published listings of active sellers only.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const listing = await getMarketplaceListing(params.listing);
  if (!listing) throw data(null, { status: 404, statusText: "Not Found" });
  const { publishedAt: _p, updatedAt: _u, ...shown } = listing;
  const viewer = getViewerFrom(context);
  const [{ reviews, rating }, saved] = await Promise.all([
    listListingReviews(listing.id),
    viewer ? isListingSaved(viewer.id, listing.id) : null,
  ]);
  const path = new URL(request.url).pathname;
  return { listing: shown, reviews, rating, saved, signInHref: `${path}?login=true&returnTo=${encodeURIComponent(path)}` };
}

/** Save for later, or take off the list (docs/product/marketplace.md#saved-listings). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZSavedListing, fields, [], (input) => saveListingForLater(viewer, input));
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.saved
        ? { type: "success", title: "Saved for later", description: `${r.title} is on your marketplace dashboard.` }
        : { type: "info", title: "Removed from saved listings" },
    failedTitle: "Not saved",
    back: `/marketplace/${params.listing}`,
  });
}

function summary(text: string): string {
  if (text.length <= 155) return text;
  const cut = text.slice(0, 155);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

export const meta: Route.MetaFunction = (args) => {
  const l = args.data?.listing;
  if (!l) return metaFor("/marketplace/:listing", args);
  const origin = originFrom(args);
  return metaFor("/marketplace/:listing", args, {
    title: `${l.title}, by ${l.seller.displayName}`,
    description: summary(l.description),
    canonicalPath: `/marketplace/${l.slug}`,
    jsonLd: origin
      ? [
          productJsonLd(origin, {
            slug: l.slug,
            path: `/marketplace/${l.slug}`,
            name: l.title,
            description: l.description,
            priceKobo: l.priceKobo,
            stock: l.kind === "design" ? 1 : (l.stock ?? 0),
            imagePath: l.photos[0]?.large ?? null,
            category: l.category,
            brand: l.seller.displayName,
            seller: { name: l.seller.displayName, path: `/marketplace/sellers/${l.seller.slug}` },
          }),
        ]
      : [],
  });
};

export default function MarketplaceListing({ loaderData }: Route.ComponentProps) {
  const l = loaderData.listing;
  // From the shared cache, whether the visitor saved it arrives after load (docs/product/site-shell.md#personal-parts).
  const personal = useDeferredPersonalSummary();
  const looksSignedIn = useLooksSignedIn();
  const saved = loaderData.saved ?? (personal?.viewer ? personal.savedListingIds.includes(l.id) : looksSignedIn ? false : null);
  const availability = listingAvailability(l);
  const [main, ...more] = l.photos;
  const filesBytes = l.files.reduce((sum, f) => sum + f.bytes, 0);
  const fileKinds = [...new Set(l.files.map((f) => f.fileType.toUpperCase()))].join(", ");
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap gap-1 text-muted">
          <li>
            <Link to="/marketplace" className="text-brand hover:underline">
              Marketplace
            </Link>{" "}
            /
          </li>
          <li>
            <Link to={`/marketplace?category=${encodeURIComponent(l.category)}`} className="text-brand hover:underline">
              {l.category}
            </Link>
          </li>
        </ol>
      </nav>
      <div className="mt-4 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-label="Photos" className="space-y-3">
          {main ? (
            <Image
              src={main.large}
              srcSet={`${main.small} 480w, ${main.large} 1200w`}
              sizes="(min-width: 1024px) 60vw, 100vw"
              alt={`${l.title}, photo 1`}
              width={main.width}
              height={main.height}
              priority
              className="h-auto w-full rounded-2xl border border-line bg-surface-2 object-cover"
            />
          ) : null}
          {more.length ? (
            <ul className="grid grid-cols-3 gap-3">
              {more.map((p, i) => (
                <li key={p.small}>
                  <a href={p.large}>
                    <Image
                      src={p.small}
                      alt={`${l.title}, photo ${i + 2}`}
                      width={480}
                      height={Math.round((480 * p.height) / p.width)}
                      className="h-auto w-full rounded-xl border border-line bg-surface-2 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <div className="space-y-5">
          <header className="space-y-2">
            <PageHeader eyebrow={LISTING_KIND_LABEL[l.kind]} title={l.title} titleClassName="text-3xl font-bold break-words" />
            {loaderData.rating ? (
              <a href="#reviews" className="block hover:underline">
                <RatingLine rating={loaderData.rating} />
              </a>
            ) : null}
            <p className="text-3xl font-bold" data-testid="listing-price">
              {formatKobo(l.priceKobo)}
            </p>
            <p className={`font-semibold ${availability.tone === "out" ? "text-danger" : "text-brand"}`}>{availability.text}</p>
          </header>
          <ul className="space-y-2 text-sm">
            {l.kind === "product" ? (
              <>
                <li className="flex items-center gap-2">
                  <Clock className="h-4 w-4 text-muted" aria-hidden /> Ready in {l.leadTimeDays} day{l.leadTimeDays === 1 ? "" : "s"}
                </li>
                <li className="flex items-center gap-2">
                  <Truck className="h-4 w-4 text-muted" aria-hidden /> {l.delivery ? DELIVERY_OPTION_LABEL[l.delivery] : ""}
                </li>
              </>
            ) : (
              <li className="flex items-center gap-2">
                <FileText className="h-4 w-4 text-muted" aria-hidden /> {l.files.length} file{l.files.length === 1 ? "" : "s"} ({fileKinds}
                ), {formatFileSize(filesBytes)}, to download after payment
              </li>
            )}
            <li className="flex items-center gap-2">
              <MapPin className="h-4 w-4 text-muted" aria-hidden /> {l.kind === "product" ? "Ships from" : "Designed in"}{" "}
              {l.seller.pickupLga}, {l.seller.pickupState}
            </li>
          </ul>
          <section className={`${cardClass} space-y-3`} aria-labelledby="order-heading">
            <h2 id="order-heading" className="text-lg font-bold">
              {l.kind === "design" ? (
                <span className="inline-flex items-center gap-2">
                  <Download className="h-5 w-5" aria-hidden /> Buy this design
                </span>
              ) : (
                "Order this piece"
              )}
            </h2>
            <p className="text-sm text-muted">
              {l.kind === "design"
                ? "Pay once through our checkout; the files are yours to download from your marketplace dashboard right after payment."
                : `Paid through our checkout with anything else in your cart. ${l.seller.displayName} gets it ready and ${l.delivery === "pickup" ? "tells you when to collect it" : "delivers it"}; your money is protected until it arrives.`}
            </p>
            <AddListingToCart listingId={l.id} kind={l.kind} stock={l.stock} returnTo={`/marketplace/${l.slug}`} />
            <SaveListing listingId={l.id} saved={saved} signInHref={loaderData.signInHref} />
          </section>
          <section className={`${cardClass} space-y-1`} aria-labelledby="seller-heading">
            <h2 id="seller-heading" className="text-sm font-semibold uppercase tracking-wider text-muted">
              Sold by
            </h2>
            <p className="text-lg font-bold">
              <Link to={`/marketplace/sellers/${l.seller.slug}`} className="text-brand hover:underline">
                {l.seller.displayName}
              </Link>
            </p>
            <p className="text-sm text-muted">{SELLER_KIND_LABEL[l.seller.kind]}</p>
          </section>
        </div>
      </div>
      <section aria-labelledby="about-heading" className="mt-10 max-w-3xl">
        <h2 id="about-heading" className="text-xl font-bold">
          About this {l.kind === "design" ? "design" : "piece"}
        </h2>
        <p className="mt-3 whitespace-pre-line">{l.description}</p>
      </section>
      <section aria-labelledby="reviews" className="mt-10 max-w-3xl" id="reviews-section">
        <h2 id="reviews" className="text-xl font-bold">
          Reviews
        </h2>
        <p className="mt-1">
          <RatingLine rating={loaderData.rating} />
        </p>
        {loaderData.reviews.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Buyers who receive this {l.kind === "design" ? "design" : "piece"} can review it here.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="listing-reviews">
            {loaderData.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
