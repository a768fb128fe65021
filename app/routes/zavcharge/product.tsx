import { Link } from "react-router";
import type { Route } from "./+types/product";
import { formatKobo } from "@domain/money/money";
import { getProductBySlug } from "@server/catalog/get-product";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom } from "~/http/access.server";
import { metaFor } from "~/lib/meta";
import { Image } from "~/components/ui/image";
import { PageHeader } from "~/components/ui/page-header";

// The ZavCharge home and estate charger (docs/product/zavcharge.md): what it is, and its store product.

/** The store product this page sells (server/db/seed/catalog-data.ts). */
const PRODUCT_SLUG = "zavcharge-home-charger";

export async function loader({ context }: Route.LoaderArgs) {
  const s = getSettingsFrom(context);
  const product = await getProductBySlug(PRODUCT_SLUG);
  const fromKobo = product?.variants.length ? Math.min(...product.variants.map((v) => v.priceKobo)) : null;
  return {
    title: s.zavChargeTitle,
    product: product ? { slug: product.slug, name: product.name, specs: product.specs, fromKobo } : null,
  };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge-product", args);

const STEPS = [
  ["Survey", "An engineer visits, checks your wiring, inverter and parking space, and quotes the installation."],
  ["Install", "We mount the charger, run the cable from your board or solar inverter, and test it with your car."],
  ["Charge", "Plug in at night or on sunshine hours; the schedule keeps charging off the grid's peak."],
] as const;

export default function ZavChargeProduct({ loaderData }: Route.ComponentProps) {
  const { product, title } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 sm:py-12">
      <section className="grid items-center gap-8 md:grid-cols-2">
        <div>
          <PageHeader
            eyebrow={title}
            title="ZavCharge Home Charger"
            titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
            introClassName="mt-3 text-muted sm:text-lg"
          >
            Charge your electric car at home or across your estate, from the grid or straight from your solar system. Installed and
            supported by Zavolah engineers in Nigeria.
          </PageHeader>
          {product ? (
            <div className="mt-6 flex flex-wrap items-center gap-4">
              {product.fromKobo !== null ? (
                <p className="text-2xl font-bold" data-testid="charger-price">
                  {formatKobo(product.fromKobo)}
                </p>
              ) : null}
              <Link to={`/store/${product.slug}`} className={buttonClass.primary}>
                Buy in the store
              </Link>
              <Link to="/services" className={buttonClass.outline}>
                Book an installation survey
              </Link>
            </div>
          ) : (
            <p className="mt-6">
              <Link to="/contact" className={buttonClass.primary}>
                Ask us for a quote
              </Link>
            </p>
          )}
        </div>
        <Image
          priority
          src="/images/zavcharge/home-charger.svg"
          alt="A wall-mounted ZavCharge home charger with its cable, beside a solar panel"
          width={640}
          height={480}
          className="h-auto w-full rounded-2xl border border-line"
        />
      </section>

      {product?.specs.length ? (
        <section aria-labelledby="specs-heading" className={cardClass}>
          <h2 id="specs-heading" className="text-xl font-semibold">
            Specifications
          </h2>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            {product.specs.map((s) => (
              <div key={s.label} className="rounded-lg bg-surface-2 p-3">
                <dt className="text-xs text-muted">{s.label}</dt>
                <dd className="font-medium">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-xl font-semibold">
          From order to first charge
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {STEPS.map(([name, text], i) => (
            <li key={name} className={cardClass}>
              <p className="text-sm font-semibold text-accent">Step {i + 1}</p>
              <h3 className="mt-1 text-lg font-semibold">{name}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={`${cardClass} grid items-center gap-6 md:grid-cols-[1fr_2fr]`} aria-labelledby="network-heading">
        <Image
          src="/images/zavcharge/station.svg"
          alt="A ZavCharge station under a solar canopy with two chargers"
          width={640}
          height={480}
          className="h-auto w-full rounded-xl"
        />
        <div>
          <h2 id="network-heading" className="text-xl font-semibold">
            On the road? Use the network
          </h2>
          <p className="mt-2 text-muted">
            Solar-powered ZavCharge stations in Lagos, Abuja, Ibadan, Port Harcourt and Enugu, paid from your ZavCharge wallet.
          </p>
          <Link to="/zavcharge" className={`${buttonClass.outline} mt-4`}>
            Find a station
          </Link>
        </div>
      </section>
    </div>
  );
}
