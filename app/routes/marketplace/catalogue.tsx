import { Link, useLocation } from "react-router";
import type { Route } from "./+types/catalogue";
import { ListingCard } from "~/components/marketplace/listing-card";
import { MarketplaceFilters } from "~/components/marketplace/marketplace-filters";
import { FilteredList, priceRangeWords, ResultGrid } from "~/components/ui/filter-panel";
import { Pagination, ResultsSummary } from "~/components/ui/pagination";
import { buttonClass } from "~/components/ui/styles";
import { EmptyResults } from "~/components/ui/empty-results";
import { PageHeader } from "~/components/ui/page-header";
import { LISTINGS_PER_PAGE, marketplaceHref, type TMarketplaceFilters } from "@domain/marketplace/listings";
import { getStorefront } from "@server/marketplace/get-storefront";
import { listMarketplaceListings } from "@server/marketplace/list-marketplace-listings";
import { metaFor } from "~/lib/meta";

// The marketplace's catalogue (docs/product/marketplace.md#the-marketplace): listings of independent sellers,
// searched and filtered through the address, so it works without JavaScript and every search can be shared.

export async function loader({ request }: Route.LoaderArgs) {
  const list = await listMarketplaceListings(new URL(request.url).searchParams);
  const seller = list.filters.seller ? await getStorefront(list.filters.seller) : null;
  return { ...list, sellerName: seller?.displayName ?? null };
}

export const meta: Route.MetaFunction = (args) => {
  const f = args.data?.filters;
  const page = f && f.page > 1 ? `, page ${f.page}` : "";
  const title = f?.q
    ? `Marketplace search: ${f.q}${page}`
    : f?.category
      ? `${f.category}, Marketplace${page}`
      : page
        ? `Marketplace${page}`
        : undefined;
  return metaFor("/marketplace", args, { title });
};

function describeFilters(f: TMarketplaceFilters, sellerName: string | null): string {
  const parts = [
    f.q ? `“${f.q}”` : null,
    f.category ? `in ${f.category}` : null,
    f.kind === "design" ? "among designs" : f.kind === "product" ? "among products" : null,
    f.seller ? `from ${sellerName ?? "this seller"}` : null,
    priceRangeWords(f.min, f.max),
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : "these filters";
}

export default function Marketplace({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters, sellerName } = loaderData;
  const { search } = useLocation();
  const anyFilter = filters.q || filters.category || filters.kind || filters.seller || filters.min !== null || filters.max !== null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <PageHeader
            eyebrow="Zavolah Marketplace"
            title={filters.q ? `Results for “${filters.q}”` : (filters.category ?? "Furniture and designs from Nigerian makers")}
            titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
            introClassName="mt-3 text-muted sm:text-lg"
          >
            Handmade furniture from independent workshops and floor plans from architects, each checked by our team before it is listed.
          </PageHeader>
        </div>
        <Link to="/marketplace/become-seller" className={buttonClass.outline}>
          Apply to sell
        </Link>
      </header>

      <FilteredList filters={<MarketplaceFilters key={search} filters={filters} sellerName={sellerName} />} heading="Listings">
        <ResultsSummary total={total} page={page} perPage={LISTINGS_PER_PAGE} shown={items.length} noun={["listing", "listings"]} />
        {items.length === 0 ? (
          <EmptyResults
            title={anyFilter ? `No listings match ${describeFilters(filters, sellerName)}` : "No listings yet"}
            hint={
              anyFilter
                ? "Try another word, a wider price range, or all categories."
                : "Sellers' pieces appear here as soon as our team has checked them."
            }
            links={[
              ...(anyFilter ? [{ to: "/marketplace", label: "Clear filters", look: "primary" } as const] : []),
              { to: "/store", label: "Visit the Zavolah store", look: "outline" },
            ]}
          />
        ) : (
          <ResultGrid items={items} keyOf={(listing) => listing.slug} card={(listing) => <ListingCard listing={listing} />} />
        )}
        <Pagination page={page} pageCount={pageCount} href={(n) => marketplaceHref({ ...filters, page: n })} label="Marketplace pages" />
      </FilteredList>
    </div>
  );
}
