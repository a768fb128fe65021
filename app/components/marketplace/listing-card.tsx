import { Link } from "react-router";
import { Image } from "~/components/ui/image";
import { LISTING_KIND_LABEL, type TListingCard } from "@domain/marketplace/listings";
import { formatKobo } from "@domain/money/money";

/** What a buyer reads about availability: a design is always there to download; a product has stock or not. */
export function listingAvailability(listing: Pick<TListingCard, "kind" | "stock">): { text: string; tone: "ok" | "low" | "out" } {
  if (listing.kind === "design") return { text: "Instant download", tone: "ok" };
  const stock = listing.stock ?? 0;
  if (stock === 0) return { text: "Sold out", tone: "out" };
  return stock <= 3 ? { text: `Only ${stock} left`, tone: "low" } : { text: "In stock", tone: "ok" };
}

const TONE = { ok: "text-brand", low: "text-accent", out: "text-danger" } as const;

/** One listing in the marketplace's grid or a seller's store: the whole card opens the listing (one link). */
export function ListingCard({ listing, showSeller = true }: { listing: TListingCard; showSeller?: boolean }) {
  const availability = listingAvailability(listing);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-brand">
      {listing.photo ? (
        <Image src={listing.photo.small} alt="" width={480} height={360} className="aspect-[4/3] h-auto w-full bg-surface-2 object-cover" />
      ) : (
        <div className="aspect-[4/3] w-full bg-surface-2" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {LISTING_KIND_LABEL[listing.kind]} · {listing.category}
        </p>
        <h2 className="text-base font-semibold leading-snug">
          <Link
            to={`/marketplace/${listing.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand"
          >
            {listing.title}
          </Link>
        </h2>
        {showSeller ? (
          <p className="text-sm text-muted">
            {listing.seller.displayName}, {listing.seller.pickupState}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-2">
          <p className="text-lg font-bold">{formatKobo(listing.priceKobo)}</p>
          <p className={`text-sm font-semibold ${TONE[availability.tone]}`}>{availability.text}</p>
        </div>
      </div>
    </article>
  );
}
