import { SearchField, SelectField } from "~/components/ui/field";
import { FilterPanel, FilterSelect, PriceRangeFields } from "~/components/ui/filter-panel";
import {
  CATEGORY_KEYS,
  MAX_FILTER_NAIRA,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type TProductFilters,
  type TProductSort,
} from "@domain/catalog/catalog";

/** How many filters narrow the list (search, category, price bounds, stock), for the "Filters (2)" summary. */
export function activeFilterCount(f: TProductFilters): number {
  return [f.q, f.category, f.min !== null ? 1 : null, f.max !== null ? 1 : null, f.inStock || null].filter(Boolean).length;
}

const CATEGORY_OPTIONS = CATEGORY_KEYS.map((k) => [k, PRODUCT_CATEGORIES[k]] as const);
const SORT_OPTIONS = (Object.keys(PRODUCT_SORTS) as TProductSort[]).map((k) => [k, PRODUCT_SORTS[k]] as const);

/**
 * The store's filters (docs/product/store-and-orders.md#catalogue) in the shared filter panel. Keyed by the query
 * string so the fields show the current filters after every navigation.
 */
export function StoreFilters({ filters }: { filters: TProductFilters }) {
  const count = activeFilterCount(filters);
  return (
    <FilterPanel
      action="/store"
      label="Filter products"
      submitLabel="Show products"
      activeCount={count}
      sort={filters.sort}
      defaultSort="featured"
    >
      <SearchField value={filters.q} placeholder="e.g. lithium battery" maxLength={100} />
      <FilterSelect label="Category" name="category" value={filters.category} anyLabel="All categories" options={CATEGORY_OPTIONS} />
      <PriceRangeFields min={filters.min} max={filters.max} maxNaira={MAX_FILTER_NAIRA} />
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
        <input type="checkbox" name="inStock" value="1" defaultChecked={filters.inStock} className="h-5 w-5 accent-[var(--brand)]" />
        In stock only
      </label>
      <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
    </FilterPanel>
  );
}
