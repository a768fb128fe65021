import { CalendarClock, Download, PiggyBank, Wallet } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { distributionChart } from "@domain/investments/distribution-chart";
import { INVESTMENT_STATUS_LABEL, lagosYearOf, type TInvestmentStatus } from "@domain/investments/investment-rules";
import { projectedReturn } from "@domain/investments/disclosures";
import { formatKobo } from "@domain/money/money";
import { getInvestorDashboard } from "@server/investments/get-investor-dashboard";
import { FIRST_STATEMENT_YEAR } from "@server/investments/get-investor-statement";
import { listReceivedDistributions } from "@server/investments/list-distributions";
import { DistributionChart, DistributionsTable, lagosDate } from "~/components/invest/distributions-received";
import { PrincipalBack, ReinvestChoices } from "~/components/invest/investment-choices";
import { ProjectionNote, RegistrationNote } from "~/components/invest/investment-notes";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { answerPageIntent } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";
import { INVESTOR_DASHBOARD_INTENTS } from "./dashboard-actions.server";

// The investor's register (docs/product/investments.md#dashboard): principal by tier, each investment with its dates and
// agreement, and what is left of the year's allowance; the distributions received, charted against a projection (labelled
// as one), and the annual statements. The chart is computed here, once, so the server and the browser draw the same.

export const meta: Route.MetaFunction = (args) => metaFor("/investor-dashboard", args);

/**
 * The investor asks for an investment's principal back (docs/product/investments.md#redemption), or chooses whether its
 * distributions are paid out or reinvested (#reinvesting).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  return answerPageIntent(INVESTOR_DASHBOARD_INTENTS, fields, { request, viewer }, (refusal) =>
    actionResponse(request, fields, refusal, { done: () => "", failedTitle: "Not changed" }),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const now = new Date();
  const d = await getInvestorDashboard(viewer.id, now);
  const distributions = await listReceivedDistributions(viewer.id);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const next = d.investments
    .map((i) => i.nextDistributionAt)
    .filter((x): x is Date => x !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const chart = distributionChart(
    d.investments.map((i) => ({
      principalKobo: i.principalKobo,
      expectedReturnBasisPoints: i.expectedReturnBasisPoints,
      startedAt: i.activatedAt,
      active: i.status === "active",
    })),
    distributions.map((r) => ({ netKobo: r.netKobo, paidAt: r.status === "paid" || r.status === "reinvested" ? r.paidAt : null })),
    now,
  );
  // An annual statement for each Lagos year from the first investment's to this one.
  const thisYear = lagosYearOf(now).year;
  const firstYear = Math.max(FIRST_STATEMENT_YEAR, Math.min(thisYear, ...d.investments.map((i) => lagosYearOf(i.placedAt).year)));
  const statementYears = d.investments.length ? Array.from({ length: thisYear - firstYear + 1 }, (_, k) => thisYear - k) : [];
  return {
    registration: getSettingsFrom(context).investmentRegistration,
    name: d.investor?.legalName ?? viewer.name,
    allowance: d.allowance,
    principalKobo: d.principalKobo,
    principalByTier: d.principalByTier,
    nextDistributionAt: iso(next ?? null),
    investments: d.investments.map((i) => ({
      ...i,
      placedAt: i.placedAt.toISOString(),
      activatedAt: iso(i.activatedAt),
      maturesAt: iso(i.maturesAt),
      nextDistributionAt: iso(i.nextDistributionAt),
    })),
    distributions: distributions.map((r) => ({ ...r, approvedAt: r.approvedAt.toISOString(), paidAt: iso(r.paidAt) })),
    chart,
    statementYears,
  };
}

const STATUS_TONE: Record<TInvestmentStatus, string> = {
  pending_payment: "bg-accent/15 text-fg",
  active: "bg-brand/15 text-brand-strong",
  matured: "bg-surface-2 text-fg",
  redeemed: "bg-surface-2 text-muted",
  cancelled: "bg-danger/10 text-danger",
};

function Tile({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className={`${cardClass} flex items-start gap-3`}>
      {icon}
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
        <p className="text-xl font-bold">{value}</p>
      </div>
    </div>
  );
}

export default function InvestorDashboard({ loaderData }: Route.ComponentProps) {
  const { investments, principalByTier, allowance, registration, distributions, chart, statementYears } = loaderData;
  const date = lagosDate;
  const agreements = investments.filter((i) => i.hasAgreement);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageHeader eyebrow="Investor" title="Your investments" titleClassName="mt-1 text-3xl font-bold" introClassName="mt-1 text-muted">
            {loaderData.name}
          </PageHeader>
        </div>
        <Link to="/invest" className={buttonClass.primary}>
          Invest more
        </Link>
      </header>

      {investments.length === 0 ? (
        <section className={`${cardClass} space-y-3 text-center`} data-testid="no-investments">
          <PiggyBank className="mx-auto h-10 w-10 text-brand" aria-hidden />
          <h2 className="text-lg font-bold">You have not invested yet</h2>
          <p className="text-sm text-muted">Choose a tier that funds solar mini-grids, charging stations or furniture production.</p>
          <Link to="/invest" className={buttonClass.primary}>
            See the tiers
          </Link>
        </section>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <Tile
              icon={<Wallet className="h-6 w-6 text-brand" aria-hidden />}
              label="Principal invested"
              value={formatKobo(loaderData.principalKobo)}
            />
            <Tile
              icon={<CalendarClock className="h-6 w-6 text-brand" aria-hidden />}
              label="Next distribution date"
              value={loaderData.nextDistributionAt ? date(loaderData.nextDistributionAt) : "None scheduled"}
            />
            <Tile
              icon={<PiggyBank className="h-6 w-6 text-brand" aria-hidden />}
              label={`Left to invest in ${allowance?.year ?? ""}`}
              value={allowance ? formatKobo(allowance.leftKobo) : "-"}
            />
          </div>
          <p className="text-xs text-muted">
            A distribution is paid on that date only if one is declared and approved for the period: it is not promised.
          </p>

          {principalByTier.length > 0 ? (
            <section aria-labelledby="by-tier" className={cardClass}>
              <h2 id="by-tier" className="mb-3 text-lg font-bold">
                Principal by tier
              </h2>
              <ul className="divide-y divide-line">
                {principalByTier.map((t) => (
                  <li key={t.tierId} className="flex justify-between py-2 text-sm">
                    <span>{t.tierName}</span>
                    <span className="font-semibold">{formatKobo(t.principalKobo)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="register">
            <h2 id="register" className="mb-3 text-lg font-bold">
              Investments
            </h2>
            <div className="overflow-x-auto rounded-2xl border border-line">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th className="p-3">Reference</th>
                    <th className="p-3">Tier</th>
                    <th className="p-3 text-right">Amount</th>
                    <th className="p-3">Status</th>
                    <th className="p-3">Started</th>
                    <th className="p-3">Matures</th>
                    <th className="p-3">Projection</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {investments.map((i) => (
                    <tr key={i.id} data-testid="investment-row">
                      <td className="p-3 font-mono text-xs">{i.reference}</td>
                      <td className="p-3">{i.tierName}</td>
                      <td className="p-3 text-right font-semibold">
                        {formatKobo(i.principalKobo)}
                        {i.reinvestedKobo > 0 ? (
                          <span className="block text-xs font-normal text-muted">+ {formatKobo(i.reinvestedKobo)} reinvested</span>
                        ) : null}
                      </td>
                      <td className="p-3">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[i.status]}`}>
                          {INVESTMENT_STATUS_LABEL[i.status]}
                        </span>
                      </td>
                      <td className="p-3">{date(i.activatedAt)}</td>
                      <td className="p-3">{date(i.maturesAt)}</td>
                      <td className="p-3 text-muted">{projectedReturn(i.expectedReturnBasisPoints)} (projection)</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ReinvestChoices investments={investments} />
            <PrincipalBack investments={investments} />
            {investments.some((i) => i.status === "pending_payment") ? (
              <p className="mt-2 text-sm text-muted">
                An investment awaiting payment starts when your payment is verified.{" "}
                <Link to="/client-dashboard" className="text-brand underline">
                  See your orders
                </Link>
              </p>
            ) : null}
          </section>

          <section aria-labelledby="distributions">
            <h2 id="distributions" className="mb-3 text-lg font-bold">
              Distributions received
            </h2>
            <DistributionsTable distributions={distributions} />
            {chart ? <DistributionChart chart={chart} /> : null}
          </section>

          <section aria-labelledby="documents" className={cardClass}>
            <h2 id="documents" className="mb-3 text-lg font-bold">
              Documents
            </h2>
            {statementYears.length > 0 ? (
              <ul className="mb-4 space-y-2" aria-label="Annual statements">
                {statementYears.map((year) => (
                  <li key={year} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="statement-link">
                    <span>Annual statement {year}</span>
                    {(["pdf", "csv"] as const).map((format) => (
                      <a
                        key={format}
                        href={`/investor-dashboard/statements/${year}?format=${format}`}
                        className="inline-flex items-center gap-1 text-brand underline"
                        aria-label={`Annual statement ${year}, ${format.toUpperCase()}`}
                        download
                      >
                        <Download className="h-4 w-4" aria-hidden />
                        {format.toUpperCase()}
                      </a>
                    ))}
                  </li>
                ))}
              </ul>
            ) : null}
            {agreements.length === 0 ? (
              <p className="text-sm text-muted">Your agreement is issued when your first payment is verified.</p>
            ) : (
              <ul className="space-y-2">
                {agreements.map((i) => (
                  <li key={i.id}>
                    <a
                      href={`/investor-dashboard/agreements/${i.reference}`}
                      className="inline-flex items-center gap-2 text-sm text-brand underline"
                      download
                    >
                      <Download className="h-4 w-4" aria-hidden />
                      Investment agreement {i.reference} ({i.tierName}, {formatKobo(i.principalKobo)})
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <ProjectionNote />
      <RegistrationNote text={registration} />
    </div>
  );
}
