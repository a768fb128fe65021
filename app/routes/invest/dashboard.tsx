import { CalendarClock, Download, PiggyBank, Wallet } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { chartPath, distributionChart, distributionPeriodLabel, type TDistributionChart } from "@domain/investments/distribution-chart";
import {
  DISTRIBUTION_PAYMENT_STATUS_LABEL,
  INVESTMENT_STATUS_LABEL,
  lagosYearOf,
  type TInvestmentStatus,
} from "@domain/investments/investment-rules";
import { projectedReturn } from "@domain/investments/disclosures";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import { parseThen } from "@domain/errors/app-error";
import { ZRedemptionRequest, ZReinvestChoice } from "@domain/investments/investment-input";
import { chooseReinvestment } from "@server/investments/choose-reinvestment";
import { getInvestorDashboard } from "@server/investments/get-investor-dashboard";
import { requestRedemption } from "@server/investments/redemptions";
import { FIRST_STATEMENT_YEAR } from "@server/investments/get-investor-statement";
import { listReceivedDistributions } from "@server/investments/list-distributions";
import { ProjectionNote, RegistrationNote } from "~/components/invest/investment-notes";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

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
  if (fields.intent === "reinvest") {
    const chosen = await parseThen(ZReinvestChoice, fields, ["reinvest"], (input) => chooseReinvestment(viewer, input));
    return actionResponse(request, fields, chosen, {
      done: (r) => ({
        type: "success",
        title: r.reinvest ? "Distributions will be reinvested" : "Distributions will be paid to your bank",
        description: `${r.reference}: from the next distribution approved.`,
      }),
      failedTitle: "Not changed",
    });
  }
  const result = await parseThen(ZRedemptionRequest, fields, [], (input) => requestRedemption(viewer, input.investmentId));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: "Principal asked back",
      description: `${r.reference}: our team pays it to your bank account within 5 working days.`,
    }),
    failedTitle: "Not asked",
  });
}

/**
 * Investments whose principal may be asked back now, or was. Asking replaces the button with what happens next, so the
 * form navigates and the answer comes back as the page's flash message.
 */
function PrincipalBack({
  investments,
}: {
  investments: { id: number; reference: string; tierName: string; redemption: "available" | "requested" | null }[];
}) {
  const navigation = useNavigation();
  const shown = investments.filter((i) => i.redemption !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Principal back">
      {shown.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center gap-3 text-sm" data-testid="redemption">
          {i.redemption === "requested" ? (
            <span>
              You asked for {i.reference} ({i.tierName}) back: our team is paying it to your bank account.
            </span>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-3" preventScrollReset>
              <input type="hidden" name="intent" value="redemption" />
              <input type="hidden" name="investmentId" value={i.id} />
              <span>
                {i.reference} ({i.tierName}) can be paid back now.
              </span>
              <button
                type="submit"
                className={buttonClass.outline}
                disabled={navigation.formData?.get("intent") === "redemption" && navigation.formData?.get("investmentId") === String(i.id)}
              >
                Ask for my principal back
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * For each running investment, where its distributions go: the bank account, or added to the investment. The choice
 * changes the line's wording, so the form navigates and the answer comes back as the page's flash message.
 */
function ReinvestChoices({
  investments,
}: {
  investments: { id: number; reference: string; tierName: string; reinvest: boolean; reinvestChoosable: boolean }[];
}) {
  const navigation = useNavigation();
  const running = investments.filter((i) => i.reinvestChoosable);
  if (running.length === 0) return null;
  return (
    <ul className="mt-3 space-y-2" aria-label="Where distributions go">
      {running.map((i) => (
        <li key={i.id} data-testid="reinvest-choice">
          <Form method="post" className="flex flex-wrap items-center gap-3 text-sm" preventScrollReset>
            <input type="hidden" name="intent" value="reinvest" />
            <input type="hidden" name="investmentId" value={i.id} />
            <input type="hidden" name="reinvest" value={i.reinvest ? "no" : "yes"} />
            <span>
              {i.reference} ({i.tierName}): distributions are{" "}
              <strong>{i.reinvest ? "added to this investment" : "paid to your bank account"}</strong>.
            </span>
            <button
              type="submit"
              className={buttonClass.outline}
              disabled={navigation.formData?.get("intent") === "reinvest" && navigation.formData?.get("investmentId") === String(i.id)}
            >
              {i.reinvest ? "Pay them to my bank instead" : "Reinvest them instead"}
            </button>
          </Form>
        </li>
      ))}
    </ul>
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

type TDistributionView = Route.ComponentProps["loaderData"]["distributions"][number];

const lagosDate = (iso: string | null) => (iso ? formatLagosDate(new Date(iso)) : "-");

/** Each share of a distribution the investor was given, with the totals; the chart's text equivalent. */
function DistributionsTable({ distributions }: { distributions: TDistributionView[] }) {
  if (distributions.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="no-distributions">
        No distribution yet: distributions are declared after each period, from actual results.
      </p>
    );
  const total = (key: "grossKobo" | "withholdingKobo" | "netKobo") => distributions.reduce((sum, d) => sum + d[key], 0);
  return (
    <div className="overflow-x-auto rounded-2xl border border-line">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th className="p-3">Period</th>
            <th className="p-3">Tier</th>
            <th className="p-3 text-right">Gross</th>
            <th className="p-3 text-right">Withholding tax</th>
            <th className="p-3 text-right">Net</th>
            <th className="p-3">Status</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {distributions.map((d) => (
            <tr key={d.id} data-testid="distribution-row">
              <td className="whitespace-nowrap p-3">{distributionPeriodLabel(d.periodStart, d.periodEnd)}</td>
              <td className="p-3">{d.tierName}</td>
              <td className="p-3 text-right">{formatKobo(d.grossKobo)}</td>
              <td className="p-3 text-right text-muted">{formatKobo(d.withholdingKobo)}</td>
              <td className="p-3 text-right font-semibold">{formatKobo(d.netKobo)}</td>
              <td className="p-3">
                {d.status === "paid" || d.status === "reinvested" ? (
                  <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-semibold text-brand-strong">
                    {DISTRIBUTION_PAYMENT_STATUS_LABEL[d.status]} {lagosDate(d.paidAt)}
                  </span>
                ) : (
                  <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-fg">
                    {DISTRIBUTION_PAYMENT_STATUS_LABEL[d.status]}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line bg-surface-2 font-semibold">
          <tr>
            <th scope="row" colSpan={2} className="p-3">
              Total
            </th>
            <td className="p-3 text-right">{formatKobo(total("grossKobo"))}</td>
            <td className="p-3 text-right">{formatKobo(total("withholdingKobo"))}</td>
            <td className="p-3 text-right">{formatKobo(total("netKobo"))}</td>
            <td className="p-3" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * Net distributions paid so far (a step line) against the projection for the active investments (dashed): an SVG
 * without a chart library, drawn from the loader's figures. Its label summarises it; the table above lists each one.
 */
function DistributionChart({ chart }: { chart: TDistributionChart }) {
  const summary =
    `Chart: net distributions paid to you or reinvested, ${formatKobo(chart.receivedKobo)} from ${lagosDate(chart.from)} to ${lagosDate(chart.to)}, ` +
    `against a projection (not guaranteed) of ${formatKobo(chart.projectedKobo)} for your active investments. ` +
    "The table above lists each distribution.";
  return (
    <figure className="mt-6 space-y-2" data-testid="distribution-chart">
      <p className="text-xs text-muted">{formatKobo(chart.maxKobo)}</p>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        preserveAspectRatio="none"
        className="h-40 w-full overflow-visible border-b border-l border-line sm:h-48"
        role="img"
        aria-label={summary}
      >
        {[0.25, 0.5, 0.75].map((f) => (
          <line
            key={f}
            x1={0}
            x2={chart.width}
            y1={chart.height * f}
            y2={chart.height * f}
            stroke="currentColor"
            className="text-line"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path
          d={chartPath(chart.projection)}
          fill="none"
          stroke="currentColor"
          className="text-accent"
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={chartPath(chart.received)}
          fill="none"
          stroke="currentColor"
          className="text-brand"
          strokeWidth={2.5}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="flex justify-between text-xs text-muted">
        <span>{lagosDate(chart.from)}</span>
        <span>Today, {lagosDate(chart.to)}</span>
      </div>
      <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-xs">
        <span className="inline-flex items-center gap-2">
          <svg width="24" height="8" aria-hidden className="text-brand">
            <line x1="0" y1="4" x2="24" y2="4" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          Net distributions paid or reinvested ({formatKobo(chart.receivedKobo)})
        </span>
        <span className="inline-flex items-center gap-2">
          <svg width="24" height="8" aria-hidden className="text-accent">
            <line x1="0" y1="4" x2="24" y2="4" stroke="currentColor" strokeWidth="2" strokeDasharray="6 4" />
          </svg>
          Projection (not guaranteed): {formatKobo(chart.projectedKobo)}
        </span>
      </figcaption>
      <p className="text-xs text-muted">
        The projection is each active investment&apos;s projected return for the days since it started. It is an estimate, not a promise:
        distributions come only from actual results.
      </p>
    </figure>
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
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">Investor</p>
          <h1 className="mt-1 text-3xl font-bold">Your investments</h1>
          <p className="mt-1 text-muted">{loaderData.name}</p>
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
                    <a
                      href={`/investor-dashboard/statements/${year}?format=pdf`}
                      className="inline-flex items-center gap-1 text-brand underline"
                      aria-label={`Annual statement ${year}, PDF`}
                      download
                    >
                      <Download className="h-4 w-4" aria-hidden />
                      PDF
                    </a>
                    <a
                      href={`/investor-dashboard/statements/${year}?format=csv`}
                      className="inline-flex items-center gap-1 text-brand underline"
                      aria-label={`Annual statement ${year}, CSV`}
                      download
                    >
                      <Download className="h-4 w-4" aria-hidden />
                      CSV
                    </a>
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
