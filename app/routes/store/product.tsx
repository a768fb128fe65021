import { BadgeCheck, Truck, Wrench } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/product";
import { AddToCartForm } from "~/components/store/add-to-cart-form";
import { ProductGallery } from "~/components/store/product-gallery";
import { PageHeader } from "~/components/ui/page-header";
import { PRODUCT_CATEGORIES, storeHref } from "@domain/catalog/catalog";
import { metaFor, originFrom } from "~/lib/meta";
import { productJsonLd } from "~/lib/structured-data";
import { getProductBySlug } from "@server/catalog/get-product";

export async function loader({ params, request }: Route.LoaderArgs) {
  const product = await getProductBySlug(params.slug);
  // Unknown and inactive products are the same 404 as any unknown page (root's boundary shows it).
  if (!product) throw data(null, { status: 404, statusText: "Not Found" });
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("variant"));
  const chosen = product.variants.find((v) => v.id === asked) ?? product.variants.find((v) => v.available > 0) ?? product.variants[0];
  const image = Number(url.searchParams.get("image"));
  return { product, initialVariantId: chosen?.id ?? 0, imageIndex: Number.isInteger(image) && image > 0 ? image : 0 };
}

/** A meta description: the first sentence or two, cut at a word near 155 characters. */
function summary(text: string): string {
  if (text.length <= 155) return text;
  const cut = text.slice(0, 155);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.data?.product;
  if (!product) return metaFor("/store/:slug", args);
  const origin = originFrom(args);
  const prices = product.variants.map((v) => v.priceKobo);
  const low = Math.min(...prices);
  return metaFor("/store/:slug", args, {
    title: product.name,
    description: summary(product.description),
    canonicalPath: `/store/${product.slug}`,
    jsonLd: origin
      ? [
          productJsonLd(origin, {
            slug: product.slug,
            name: product.name,
            description: product.description,
            priceKobo: low,
            highPriceKobo: Math.max(...prices),
            offerCount: product.variants.length,
            stock: product.variants.reduce((sum, v) => sum + v.available, 0),
            imagePath: product.images[0] ?? null,
            sku: product.variants.length === 1 ? product.variants[0]!.sku : product.slug,
            category: PRODUCT_CATEGORIES[product.category],
            brand: product.brand,
          }),
        ]
      : [],
  });
};

const PERKS = [
  { icon: Truck, text: "Delivery to all 36 states and the FCT" },
  { icon: Wrench, text: "Installation by our engineers in Lagos, Ibadan and Osogbo" },
  { icon: BadgeCheck, text: "Pay by card, bank transfer or on delivery" },
];

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, initialVariantId, imageIndex } = loaderData;
  const category = PRODUCT_CATEGORIES[product.category];
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
          <li>
            <Link to="/store" className="font-semibold text-brand underline-offset-4 hover:underline">
              Store
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to={storeHref({ category: product.category })} className="font-semibold text-brand underline-offset-4 hover:underline">
              {category}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="min-w-0 truncate">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery key={product.slug} images={product.images} productName={product.name} initialIndex={imageIndex} />
        <div className="min-w-0">
          <PageHeader
            eyebrow={
              <>
                {product.brand ? `${product.brand} · ` : ""}
                {category}
              </>
            }
            title={product.name}
            titleClassName="mt-2 text-3xl font-bold leading-tight sm:text-4xl"
            introClassName="mt-4 text-lg leading-relaxed text-muted"
          >
            {product.description}
          </PageHeader>
          <div className="mt-6 rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
            <AddToCartForm
              key={product.slug}
              variants={product.variants}
              initialVariantId={initialVariantId}
              maxPerOrder={product.maxPerOrder}
              returnTo={`/store/${product.slug}`}
            />
          </div>
          <ul className="mt-6 space-y-2 text-sm">
            {PERKS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="h-4 w-4 shrink-0 text-brand" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>

      {product.specs.length ? (
        <section aria-labelledby="specs-heading" className="mt-12">
          <h2 id="specs-heading" className="text-2xl font-bold">
            Specifications
          </h2>
          <div className="mt-4 overflow-hidden rounded-2xl border border-line bg-surface">
            <table className="w-full text-left text-sm sm:text-base">
              <tbody>
                {product.specs.map((spec) => (
                  <tr key={spec.label} className="border-b border-line last:border-b-0 even:bg-surface-2">
                    <th scope="row" className="w-2/5 px-4 py-3 align-top font-semibold sm:w-1/3">
                      {spec.label}
                    </th>
                    <td className="px-4 py-3 text-muted">{spec.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      <p className="mt-10">
        <Link to={storeHref({ category: product.category })} className="font-semibold text-brand underline-offset-4 hover:underline">
          ← More {category.toLowerCase()}
        </Link>
      </p>
    </div>
  );
}
