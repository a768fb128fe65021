import { BatteryCharging, Home as HomeIcon, Sofa } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { PartnersCarousel } from "~/components/home/partners-carousel";
import { ProductCarousel } from "~/components/home/product-carousel";
import { TypedHeadline } from "~/components/home/typed-headline";
import { buttonClass } from "~/components/ui/styles";
import { safeReturnTo } from "@domain/auth/auth-context";
import { metaFor } from "~/lib/meta";
import { getSettingsFrom, getViewerFrom } from "~/http/access.server";

export const meta: Route.MetaFunction = (args) => metaFor("/", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A signed-in visitor with ?returnTo goes there (docs/product/accounts.md#post-login-targets).
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (returnTo && getViewerFrom(context)) throw redirect(returnTo);
  const s = getSettingsFrom(context);
  return { heroTitle: s.heroTitle, heroSubtitle: s.heroSubtitle };
}

const FEATURES = [
  { icon: HomeIcon, title: "Good design and structure", text: "Homes and offices planned and built to last." },
  { icon: Sofa, title: "Functional smart furniture", text: "Space-saving pieces that fold, split and charge." },
  { icon: BatteryCharging, title: "Self-owned 24/7 power supply", text: "Solar systems sized for your home or business." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="relative overflow-hidden border-b border-line bg-gradient-to-b from-surface-2 to-bg">
        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 sm:py-20 lg:grid-cols-2 lg:items-center">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent">Powering Nigeria's Future</p>
            <TypedHeadline title={loaderData.heroTitle} className="mt-3 text-4xl font-extrabold leading-tight sm:text-5xl" />
            <p className="mt-4 max-w-prose text-lg text-muted">{loaderData.heroSubtitle}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/store" prefetch="intent" className={buttonClass.accent}>
                SHOP NOW
              </Link>
              <Link to="/services#book" prefetch="intent" className={buttonClass.primary}>
                Get Consultation
              </Link>
              <Link to="/marketplace" prefetch="intent" className={buttonClass.outline}>
                Explore Marketplace
              </Link>
            </div>
          </div>
          <ProductCarousel />
        </div>
        <ul className="mx-auto grid max-w-6xl gap-4 px-4 pb-12 sm:grid-cols-3 sm:pb-16">
          {FEATURES.map((f) => (
            <li key={f.title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5">
              <f.icon className="h-8 w-8 shrink-0 text-brand" aria-hidden />
              <div>
                <h2 className="font-semibold">{f.title}</h2>
                <p className="text-sm text-muted">{f.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section id="solutions" className="mx-auto max-w-6xl px-4 py-12 text-center">
        <h2 className="text-2xl font-bold">Solar, smart furniture and installation in one place</h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted">
          From a lighting kit for one room to a 10kVA system for a clinic, we design, supply, install and maintain it, with offices in
          Osogbo, Ibadan and Lagos.
        </p>
        <Link to="/services" prefetch="intent" className={`${buttonClass.outline} mt-6`}>
          SEE MORE DETAILS
        </Link>
      </section>
      <section aria-labelledby="partners-heading" className="border-t border-line bg-surface-2 px-4 py-12">
        <h2 id="partners-heading" className="text-center text-2xl font-bold">
          Our partners
        </h2>
        <p className="mx-auto mb-6 mt-2 max-w-xl text-center text-muted">Developers, lenders and agencies we build and power with.</p>
        <PartnersCarousel />
      </section>
    </>
  );
}
