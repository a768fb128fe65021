import { SlidersHorizontal } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Field, SelectField } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
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
 * The store's GET filter form: works as a plain form without JavaScript. On phones it sits behind a
 * "Filters" disclosure (<details>); from 1024 px the disclosure is always open (app.css, .store-filters).
 * Keyed by the query string so the fields show the current filters after every navigation.
 */
export function StoreFilters({ filters }: { filters: TProductFilters }) {
  const count = activeFilterCount(filters);
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
        action="/store"
        role="search"
        aria-label="Filter products"
        className="space-y-4 border-t border-line p-4 lg:border-t-0"
        onSubmit={(e) => {
          // With JavaScript, leave empty fields out of the address (without it the browser sends them all).
          e.preventDefault();
          const params = new URLSearchParams();
          for (const [key, value] of new FormData(e.currentTarget)) {
            if (typeof value === "string" && value.trim() && !(key === "sort" && value === "featured")) params.set(key, value.trim());
          }
          navigate(params.size ? `/store?${params}` : "/store");
        }}
      >
        <h2 className="hidden text-lg font-semibold lg:block">Filter products</h2>
        <Field label="Search" name="q" type="search" defaultValue={filters.q ?? ""} placeholder="e.g. lithium battery" maxLength={100} />
        <SelectField
          label="Category"
          name="category"
          defaultValue={filters.category ?? ""}
          placeholder="All categories"
          options={CATEGORY_OPTIONS}
        />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium">Price (₦)</legend>
          <div className="grid grid-cols-2 gap-2">
            <Field
              label="Minimum"
              name="min"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_FILTER_NAIRA}
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
              max={MAX_FILTER_NAIRA}
              step={1000}
              defaultValue={filters.max ?? ""}
              placeholder="Any"
              className="[&_label]:text-xs [&_label]:text-muted"
            />
          </div>
        </fieldset>
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium">
          <input type="checkbox" name="inStock" value="1" defaultChecked={filters.inStock} className="h-5 w-5 accent-[var(--brand)]" />
          In stock only
        </label>
        <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
        <div className="flex flex-wrap gap-2 pt-1">
          <button type="submit" className={`${buttonClass.primary} flex-1`}>
            Show products
          </button>
          {count || filters.sort !== "featured" ? (
            <Link to="/store" className={buttonClass.outline}>
              Clear all
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}
