import { ArrowRight, FileText, Landmark, Scale, Sun } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/invest";
import { RISK_STATEMENT } from "@domain/investments/disclosures";
import { ProjectionNote, RegistrationNote } from "~/components/invest/investment-notes";
import { TierFacts } from "~/components/invest/tier-facts";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom } from "~/http/access.server";
import { metaFor } from "~/lib/meta";
import { listInvestmentTiers } from "@server/investments/list-investment-tiers";

// The public investment page (docs/product/investments.md): the open tiers, how it works, the risks and who offers it.
// The same for every visitor, so the page cache keeps it; investing happens on each tier's own page.

export const meta: Route.MetaFunction = (args) => metaFor("/invest", args);

export async function loader({ context }: Route.LoaderArgs) {
  const tiers = await listInvestmentTiers({ openOnly: true });
  return {
    registration: getSettingsFrom(context).investmentRegistration,
    tiers: tiers.map((t) => ({
      id: t.id,
      name: t.name,
      summary: t.summary,
      minKobo: t.minKobo,
      maxKobo: t.maxKobo,
      raiseCapKobo: t.raiseCapKobo,
      raisedKobo: t.raisedKobo,
      leftKobo: t.leftKobo,
      expectedReturnBasisPoints: t.expectedReturnBasisPoints,
      tenorMonths: t.tenorMonths,
      distributionFrequency: t.distributionFrequency,
      lockupMonths: t.lockupMonths,
      earlyRedemption: t.earlyRedemption,
    })),
  };
}

const STEPS = [
  {
    icon: FileText,
    title: "Apply once",
    text: "Tell us who you are, send a photo of your ID and the bank account your money comes back to. We check it within 2 working days.",
  },
  {
    icon: Sun,
    title: "Choose a tier",
    text: "Each tier funds real projects: solar mini-grids, ZavCharge stations, furniture production. Pick an amount within your yearly limit.",
  },
  {
    icon: Landmark,
    title: "Pay and get your agreement",
    text: "Pay by bank transfer or card. Once the payment is verified your investment starts and your signed agreement is ready.",
  },
  {
    icon: Scale,
    title: "Distributions, approved twice",
    text: "Distributions come only from actual results. One director declares them and a second approves them before anyone is paid.",
  },
];

export default function Invest({ loaderData }: Route.ComponentProps) {
  const { tiers, registration } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8 sm:py-12">
      <header className="max-w-3xl">
        <PageHeader
          eyebrow="Zavolah Investments"
          title="Invest in Nigeria's clean power"
          titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
          introClassName="mt-3 text-lg text-muted"
        >
          Put money into the solar mini-grids, charging stations and workshops we build, and share in what they earn. Every investment is
          recorded, every distribution approved by two directors.
        </PageHeader>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/invest/apply" className={buttonClass.primary}>
            Apply to invest <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
          <a href="#risks" className={buttonClass.outline}>
            Read the risks
          </a>
        </div>
      </header>

      <ProjectionNote />

      <section aria-labelledby="tiers-heading" className="space-y-4">
        <h2 id="tiers-heading" className="text-2xl font-bold">
          Open tiers
        </h2>
        {tiers.length === 0 ? (
          <p className={cardClass}>No tier is open right now. Apply anyway and we will e-mail you when the next one opens.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {tiers.map((t) => (
              <li key={t.id} className={`${cardClass} flex flex-col gap-4`} data-testid="tier-card">
                <div>
                  <h3 className="text-xl font-bold">{t.name}</h3>
                  <p className="mt-1 text-sm text-muted">{t.summary}</p>
                </div>
                <TierFacts tier={t} />
                <Link to={`/invest/tiers/${t.id}`} className={`${buttonClass.primary} mt-auto`} aria-label={`Invest in ${t.name}`}>
                  Invest in this tier
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="how-heading" className="space-y-4">
        <h2 id="how-heading" className="text-2xl font-bold">
          How it works
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className={cardClass}>
              <Icon className="h-6 w-6 text-brand" aria-hidden />
              <h3 className="mt-2 font-bold">
                {i + 1}. {title}
              </h3>
              <p className="mt-1 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>
        <p className="text-sm text-muted">
          The SEC&apos;s crowdfunding rules let a retail investor put in at most 10% of their yearly income each year. We check every amount
          against that limit.
        </p>
      </section>

      <section id="risks" aria-labelledby="risks-heading" className={`${cardClass} space-y-3`}>
        <h2 id="risks-heading" className="text-2xl font-bold">
          Risk statement
        </h2>
        {RISK_STATEMENT.map((paragraph) => (
          <p key={paragraph.slice(0, 40)} className="text-sm">
            {paragraph}
          </p>
        ))}
      </section>

      <RegistrationNote text={registration} />
    </div>
  );
}
