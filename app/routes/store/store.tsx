import { Link, useLocation } from "react-router";
import type { Route } from "./+types/store";
import { ProductCard } from "~/components/store/product-card";
import { StoreFilters } from "~/components/store/store-filters";
import { FilteredList, priceRangeWords, ResultGrid } from "~/components/ui/filter-panel";
import { Pagination, ResultsSummary } from "~/components/ui/pagination";
import { EmptyResults } from "~/components/ui/empty-results";
import { PageHeader } from "~/components/ui/page-header";
import { CATEGORY_KEYS, PRODUCT_CATEGORIES, PRODUCTS_PER_PAGE, storeHref, type TProductFilters } from "@domain/catalog/catalog";
import { metaFor } from "~/lib/meta";
import { listProducts } from "@server/catalog/list-products";

export async function loader({ request }: Route.LoaderArgs) {
  // Bad values in the address fall back to defaults (listProducts parses them): a mistyped link still shows the store.
  return listProducts(new URL(request.url).searchParams);
}

/** The heading: what the shopper is looking at. */
function headingFor(f: TProductFilters): string {
  if (f.q) return `Results for “${f.q}”`;
  if (f.category) return PRODUCT_CATEGORIES[f.category];
  return "Solar & Smart Furniture Store";
}

export const meta: Route.MetaFunction = (args) => {
  const f = args.data?.filters;
  const page = f && f.page > 1 ? `, page ${f.page}` : "";
  const title = f?.q
    ? `Search: ${f.q}${page}`
    : f?.category
      ? `${PRODUCT_CATEGORIES[f.category]}${page}`
      : page
        ? `Store${page}`
        : undefined;
  return metaFor("/store", args, { title });
};

/** "between ₦100,000 and ₦500,000", "under ₦50,000"... in words, for the empty state. */
function describeFilters(f: TProductFilters): string {
  const parts = [
    f.q ? `“${f.q}”` : null,
    f.category ? `in ${PRODUCT_CATEGORIES[f.category]}` : null,
    priceRangeWords(f.min, f.max),
    f.inStock ? "in stock" : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" ") : "these filters";
}

export default function Store({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters } = loaderData;
  const { search } = useLocation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="max-w-3xl">
        <PageHeader
          eyebrow="Zavolah store"
          title={headingFor(filters)}
          titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
          introClassName="mt-3 text-muted sm:text-lg"
        >
          Panels, inverters, batteries, lighting and space-saving furniture, delivered and installed across Nigeria.
        </PageHeader>
      </header>

      <nav aria-label="Categories" className="-mx-4 mt-6 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1">
          <li>
            <CategoryLink
              to={storeHref({ q: filters.q, inStock: filters.inStock, sort: filters.sort })}
              current={!filters.category}
              label="All"
            />
          </li>
          {CATEGORY_KEYS.map((key) => (
            <li key={key}>
              <CategoryLink
                to={storeHref({ ...filters, category: key, page: 1 })}
                current={filters.category === key}
                label={PRODUCT_CATEGORIES[key]}
              />
            </li>
          ))}
        </ul>
      </nav>

      <FilteredList filters={<StoreFilters key={search} filters={filters} />} heading="Products">
        <ResultsSummary total={total} page={page} perPage={PRODUCTS_PER_PAGE} shown={items.length} noun={["product", "products"]} />
        {items.length === 0 ? (
          <EmptyResults
            title={`No products match ${describeFilters(filters)}`}
            hint="Try another word, a wider price range, or all categories. Our team can also source equipment for you."
            links={[
              { to: "/store", label: "Clear filters", look: "primary" },
              { to: "/contact", label: "Ask our team", look: "outline" },
            ]}
          />
        ) : (
          <ResultGrid items={items} keyOf={(product) => product.id} card={(product) => <ProductCard product={product} />} />
        )}
        <Pagination page={page} pageCount={pageCount} href={(n) => storeHref({ ...filters, page: n })} label="Store pages" />
      </FilteredList>
    </div>
  );
}

function CategoryLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold ${current ? "border-brand bg-brand text-brand-contrast" : "border-line bg-surface text-fg hover:bg-surface-2"}`}
    >
      {label}
    </Link>
  );
}
