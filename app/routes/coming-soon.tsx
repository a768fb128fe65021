import { Link } from "react-router";
import type { Route } from "./+types/coming-soon";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { metaFor } from "~/lib/meta";
import { getSettingsFrom } from "~/http/access.server";
import { routeEntryFor } from "~/http/route-entry.server";

// One module for every page not open yet; the route table says what each will hold.
// Access is already enforced by the root middleware, so these pages test the guards today.

export async function loader({ request, context }: Route.LoaderArgs) {
  const entry = routeEntryFor(new URL(request.url).pathname);
  if (!entry) throw new Response("Not found", { status: 404 });
  // The ZavCharge pages already speak with the words admins set (zavChargeTitle/Description, docs/product/settings.md#zavcharge-text).
  const s = entry.feature === "zavcharge" ? getSettingsFrom(context) : null;
  return {
    path: entry.path,
    title: entry.title ?? "Coming soon",
    comingSoon: entry.comingSoon ?? "",
    link: entry.comingSoonLink ?? null,
    intro: s ? `${s.zavChargeTitle}. ${s.zavChargeDescription}` : null,
  };
}

export const meta: Route.MetaFunction = (args) => metaFor(args.data?.path ?? "/", args);

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <div className={cardClass}>
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Coming soon</p>
        <h1 className="mt-2 text-3xl font-bold">{loaderData.title}</h1>
        {loaderData.intro ? <p className="mt-3 text-lg">{loaderData.intro}</p> : null}
        <p className="mt-3 text-lg text-muted">{loaderData.comingSoon}</p>
        <p className="mt-3 text-sm text-muted">We are building this page now. In the meantime, our team can help by phone or e-mail.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {loaderData.link ? (
            <Link to={loaderData.link.to} className={buttonClass.primary}>
              {loaderData.link.label}
            </Link>
          ) : null}
          <Link to="/" className={loaderData.link ? buttonClass.outline : buttonClass.primary}>
            Back to home
          </Link>
          <a href="mailto:hello@zavolah.ng" className={buttonClass.outline}>
            E-mail us
          </a>
        </div>
      </div>
    </section>
  );
}
