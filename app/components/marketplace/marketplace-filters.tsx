import { SlidersHorizontal } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
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
 * The marketplace's GET filter form: a plain form that works without JavaScript (with it, empty fields are left
 * out of the address). On phones it sits behind a "Filters" disclosure, always open from 1024 px (app.css).
 */
export function MarketplaceFilters({ filters, sellerName }: { filters: TMarketplaceFilters; sellerName: string | null }) {
  const count = marketplaceFilterCount(filters);
  const navigate = useNavigate();
  return (
    <details className="store-filters group rounded-2xl border border-line bg-surface shadow-sm">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal className="h-4 w-4" aria-hidden />
          Filters{count ? ` (${count})` : ""}
        </span>
        <span aria-hidden className="text-muted transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <form
        method="get"
        action="/marketplace"
        role="search"
        aria-label="Filter listings"
        className="space-y-4 border-t border-line p-4 lg:border-t-0"
        onSubmit={(e) => {
          e.preventDefault();
          const params = new URLSearchParams();
          for (const [key, value] of new FormData(e.currentTarget)) {
            if (typeof value === "string" && value.trim() && !(key === "sort" && value === "newest")) params.set(key, value.trim());
          }
          navigate(params.size ? `/marketplace?${params}` : "/marketplace");
        }}
      >
        <h2 className="hidden text-lg font-semibold lg:block">Filter listings</h2>
        <Field
          label="Search"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="e.g. sofa bed, 3-bedroom plan"
          maxLength={100}
        />
        <SelectField
          label="Category"
          name="category"
          defaultValue={filters.category ?? ""}
          placeholder="All categories"
          options={CATEGORY_OPTIONS}
        />
        <SelectField label="Type" name="kind" defaultValue={filters.kind ?? ""} placeholder="Products and designs" options={KIND_OPTIONS} />
        {filters.seller ? (
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
            <input type="checkbox" name="seller" value={filters.seller} defaultChecked className="h-5 w-5 accent-[var(--brand)]" />
            Only from {sellerName ?? "this seller"}
          </label>
        ) : null}
        <fieldset>
          <legend className="mb-1 block text-sm font-medium">Price (₦)</legend>
          <div className="grid grid-cols-2 gap-2">
            <Field
              label="Minimum"
              name="min"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_LISTING_NAIRA}
              step={1000}
              defaultValue={filters.min ?? ""}
              placeholder="0"
              className="[&_label]:text-xs [&_label]:text-muted"
            />
            <Field
              label="Maximum"
              name="max"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_LISTING_NAIRA}
              step={1000}
              defaultValue={filters.max ?? ""}
              placeholder="Any"
              className="[&_label]:text-xs [&_label]:text-muted"
            />
          </div>
        </fieldset>
        <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
        <div className="flex flex-wrap gap-2 pt-1">
          <button type="submit" className={`${buttonClass.primary} flex-1`}>
            Show listings
          </button>
          {count || filters.sort !== "newest" ? (
            <Link to="/marketplace" className={buttonClass.outline}>
              Clear all
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}
