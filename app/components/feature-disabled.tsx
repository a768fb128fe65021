import { Link } from "react-router";
import { useRootData } from "~/root";
import { cardClass } from "./ui/styles";
import { LinkButtons, type TLinkButton } from "./ui/link-buttons";

/** Where to go instead of a switched-off feature. */
const ELSEWHERE_LINKS: readonly TLinkButton[] = [
  { to: "/", label: "Go Back Home", look: "primary" },
  { to: "/services", label: "View Other Services", look: "outline" },
];

/** The page for a feature an admin switched off, with the admin's notice (docs/product/roles-and-access.md#feature-switches). */
export function FeatureDisabled({ feature }: { feature: string }) {
  const viewer = useRootData()?.viewer;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>Service Temporarily Unavailable | Zavolah</title>
      <div className={cardClass}>
        <h1 className="text-2xl font-bold">Service Temporarily Unavailable</h1>
        <p className="mt-3 text-muted">{feature} is currently disabled by the administrator</p>
        <LinkButtons className="mt-6 flex flex-wrap justify-center gap-3" links={ELSEWHERE_LINKS} />
        {viewer?.role === "admin" ? (
          <p className="mt-6 rounded-lg border border-accent/50 bg-accent/10 p-3 text-sm" role="note">
            Admin notice: you can re-enable {feature} in{" "}
            <Link to="/admin/settings" className="font-semibold text-accent underline">
              Admin Settings
            </Link>
            .
          </p>
        ) : null}
      </div>
    </section>
  );
}
