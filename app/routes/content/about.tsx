import type { Route } from "./+types/about";
import { LinkButtons, type TLinkButton } from "~/components/ui/link-buttons";
import { PageHeader } from "~/components/ui/page-header";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/about", args);

const OFFERINGS = [
  [
    "Solar power",
    "Home and business solar systems, sized from a one-room lighting kit to a 10kVA clinic installation, supplied, installed and maintained by our own technicians.",
  ],
  ["Smart furniture", "Space-saving pieces built for Nigerian homes: wall beds that become desks, sofas that split and charge your phone."],
  ["Design and construction", "Homes and offices planned for good structure, light and a self-owned 24/7 power supply."],
  ["ZavCharge", "A growing network of solar-powered charging stations for electric vehicles."],
  ["Zavolah Academy", "Practical courses in solar installation, maintenance and smart furniture design, taught by working engineers."],
] as const;

/** The next steps at the end of the page. */
const ABOUT_NEXT_STEPS: readonly TLinkButton[] = [
  { to: "/services", label: "Book a consultation", look: "primary" },
  { to: "/store", label: "Visit the store", look: "outline" },
];

export default function About() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader
        eyebrow="About us"
        title="We build homes that power themselves"
        titleClassName="mt-2 text-4xl font-bold"
        introClassName="mt-4 text-lg text-muted"
      >
        Zavolah began with one question: what makes a home? Our answer is good design and structure, furniture that works hard in a small
        space, and power you own, day and night. From offices in Osogbo, Ibadan and Lagos we design, supply, install and maintain all three
        across Nigeria.
      </PageHeader>
      <h2 className="mt-10 text-2xl font-semibold">What we do</h2>
      <dl className="mt-4 space-y-4">
        {OFFERINGS.map(([title, text]) => (
          <div key={title} className="rounded-2xl border border-line bg-surface p-5">
            <dt className="font-semibold">{title}</dt>
            <dd className="mt-1 text-muted">{text}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-2xl font-semibold">Our promise</h2>
      <p className="mt-3 text-muted">
        We reply to every enquiry within 24 hours, install with our own trained team, and stand behind what we sell with warranties and
        maintenance visits. Prices are in naira and include VAT where it applies.
      </p>
      <LinkButtons className="mt-8 flex flex-wrap gap-3" links={ABOUT_NEXT_STEPS} />
    </article>
  );
}
