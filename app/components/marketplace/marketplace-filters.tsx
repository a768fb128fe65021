import { SearchField, SelectField } from "~/components/ui/field";
import { FilterPanel, FilterSelect, PriceRangeFields } from "~/components/ui/filter-panel";
import {
  LISTING_CATEGORIES,
  LISTING_KIND_LABEL,
  LISTING_KINDS,
  MARKETPLACE_SORTS,
  MAX_LISTING_NAIRA,
  type TMarketplaceFilters,
  type TMarketplaceSort,
} from "@domain/marketplace/listings";

const CATEGORY_OPTIONS = LISTING_CATEGORIES.map((c) => [c, c] as const);
const KIND_OPTIONS = LISTING_KINDS.map((k) => [k, LISTING_KIND_LABEL[k]] as const);
const SORT_OPTIONS = (Object.keys(MARKETPLACE_SORTS) as TMarketplaceSort[]).map((k) => [k, MARKETPLACE_SORTS[k]] as const);

export const marketplaceFilterCount = (f: TMarketplaceFilters) =>
  [f.q, f.category, f.kind, f.seller, f.min !== null ? 1 : null, f.max !== null ? 1 : null].filter(Boolean).length;

/**
 * The marketplace's filters (docs/product/marketplace.md#the-marketplace) in the shared filter panel.
 */
export function MarketplaceFilters({ filters, sellerName }: { filters: TMarketplaceFilters; sellerName: string | null }) {
  const count = marketplaceFilterCount(filters);
  return (
    <FilterPanel
      action="/marketplace"
      label="Filter listings"
      submitLabel="Show listings"
      activeCount={count}
      sort={filters.sort}
      defaultSort="newest"
    >
      <SearchField value={filters.q} placeholder="e.g. sofa bed, 3-bedroom plan" maxLength={100} />
      <FilterSelect label="Category" name="category" value={filters.category} anyLabel="All categories" options={CATEGORY_OPTIONS} />
      <FilterSelect label="Type" name="kind" value={filters.kind} anyLabel="Products and designs" options={KIND_OPTIONS} />
      {filters.seller ? (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
          <input type="checkbox" name="seller" value={filters.seller} defaultChecked className="h-5 w-5 accent-[var(--brand)]" />
          Only from {sellerName ?? "this seller"}
        </label>
      ) : null}
      <PriceRangeFields min={filters.min} max={filters.max} maxNaira={MAX_LISTING_NAIRA} />
      <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
    </FilterPanel>
  );
}
