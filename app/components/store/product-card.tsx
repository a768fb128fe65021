import { Link } from "react-router";
import { Image } from "~/components/ui/image";
import { PRODUCT_CATEGORIES, type TProductCard } from "@domain/catalog/catalog";
import { formatKobo } from "@domain/money/money";
import { PRODUCT_IMAGE_SIZE, productImageLabel } from "~/lib/product-images";
import { StockBadge } from "./stock-badge";

type TProductCardData = Pick<
  TProductCard,
  "slug" | "name" | "category" | "brand" | "image" | "minPriceKobo" | "maxPriceKobo" | "available"
>;

/** "₦98,000.00", or "from ₦98,000.00" when the variants cost different amounts. */
export function priceText(minKobo: number, maxKobo: number): string {
  return minKobo === maxKobo ? formatKobo(minKobo) : `from ${formatKobo(minKobo)}`;
}

/** One product in the store's grid: the whole card opens the product page (one link, named by the product). */
export function ProductCard({ product }: { product: TProductCardData }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow hover:shadow-md focus-within:ring-2 focus-within:ring-brand">
      {product.image ? (
        <Image
          src={product.image}
          alt={productImageLabel(product.image, product.name)}
          width={PRODUCT_IMAGE_SIZE.width}
          height={PRODUCT_IMAGE_SIZE.height}
          className="aspect-[4/3] h-auto w-full bg-surface-2 object-cover"
        />
      ) : (
        <div className="aspect-[4/3] w-full bg-surface-2" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {PRODUCT_CATEGORIES[product.category]}
          {product.brand ? ` · ${product.brand}` : ""}
        </p>
        <h2 className="text-base font-semibold leading-snug">
          <Link
            to={`/store/${product.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand"
          >
            {product.name}
          </Link>
        </h2>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-2">
          <p className="text-lg font-bold">{priceText(product.minPriceKobo, product.maxPriceKobo)}</p>
          <StockBadge available={product.available} />
        </div>
      </div>
    </article>
  );
}
