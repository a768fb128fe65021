import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/investments";
import { parseThen, refuse } from "@domain/errors/app-error";
import { months, PROJECTION_NOTE, projectedReturn } from "@domain/investments/disclosures";
import {
  INVESTMENT_TIER_FIELDS,
  ZDistributionDeclaration,
  ZDistributionDecision,
  ZDistributionPaid,
  ZDistributionRef,
  ZInvestmentTier,
  ZRedemptionPaid,
  ZRedemptionRequest,
} from "@domain/investments/investment-input";
import {
  DISTRIBUTION_FREQUENCIES,
  DISTRIBUTION_FREQUENCY_LABEL,
  INVESTMENT_STATUS_LABEL,
  INVESTMENT_STATUSES,
  type TDistributionFrequency,
} from "@domain/investments/investment-rules";
import { formatKobo, koboToNairaInput } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { listInvestmentTiers, type TTierView } from "@server/investments/list-investment-tiers";
import {
  INVESTMENTS_PAGE_SIZE,
  investmentFigures,
  listInvestments,
  MATURITY_WINDOW_DAYS,
  parseInvestmentListFilters,
} from "@server/investments/list-investments";
import { saveInvestmentTier } from "@server/investments/save-investment-tier";
import { declareDistribution } from "@server/investments/declare-distribution";
import { decideDistribution } from "@server/investments/decide-distribution";
import { listDistributions } from "@server/investments/list-distributions";
import { markDistributionPaid } from "@server/investments/mark-distribution-paid";
import { listRedemptionsToPay, payRedemption } from "@server/investments/redemptions";
import {
  checkDistributionTransfers,
  checkRedemptionTransfer,
  sendDistributionTransfers,
  sendRedemptionTransfer,
} from "@server/investments/send-investment-transfers";
import { DeclareDistribution, DistributionList } from "~/components/invest/distributions-admin";
import { RedemptionsToPay } from "~/components/invest/redemptions-admin";
import { Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { BackLink, StaffList } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse, formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { transfersAvailable } from "@server/payments/verify-transfer";

// The investments admin (docs/product/investments.md): the figures, the tiers and their form, the register of
// investments (searchable, filtered by status, exported as CSV) and the maturities coming up.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/investments", args);

const tierParam = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireRole(context, request, "admin");
  const url = new URL(request.url);
  const filters = parseInvestmentListFilters(url.searchParams);
  const editId = tierParam(url.searchParams.get("tier"));
  const [tiers, figures, list, distributions, redemptions] = await Promise.all([
    listInvestmentTiers({ openOnly: false }),
    investmentFigures(),
    listInvestments(filters),
    listDistributions(),
    listRedemptionsToPay(),
  ]);
  return {
    redemptions,
    distributions,
    viewerId: admin.id,
    canTransfer: transfersAvailable(),
    tiers,
    figures,
    list,
    editing: tiers.find((t) => t.id === editId) ?? null,
    pageSize: INVESTMENTS_PAGE_SIZE,
    maturityDays: MATURITY_WINDOW_DAYS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  // Distributions (docs/product/investments.md#distributions): declared, decided by a second admin, marked paid.
  if (fields.intent === "declare-distribution") {
    const declared = await parseThen(ZDistributionDeclaration, fields, ["tierId", "from", "to", "basis", "pool", "rate", "note"], (input) =>
      declareDistribution(admin, input),
    );
    return actionResponse(request, fields, declared, {
      done: (r) => ({ type: "success", title: "Distribution declared", description: `${r.tierName}: a second admin must approve it.` }),
      failedTitle: "Not declared",
    });
  }
  if (fields.intent === "decide-distribution") {
    const decided = await parseThen(ZDistributionDecision, fields, ["reason"], (input) => decideDistribution(admin, input));
    return actionResponse(request, fields, decided, {
      done: (r) =>
        r.approved
          ? {
              type: "success",
              title: "Distribution approved",
              description: `${formatKobo(r.totalKobo)} to ${r.investors} investor(s) of ${r.tierName}.`,
            }
          : { type: "success", title: "Distribution rejected", description: r.tierName },
      failedTitle: "Not decided",
    });
  }
  if (fields.intent === "distribution-paid") {
    const paid = await parseThen(ZDistributionPaid, fields, ["reference"], (input) => markDistributionPaid(admin, input));
    return actionResponse(request, fields, paid, { done: (r) => `${r.paid} share(s) marked paid`, failedTitle: "Not marked paid" });
  }
  // Paying through Paystack (docs/product/investments.md#payouts): sent, then checked when a notification is late.
  if (fields.intent === "send-distribution-transfers") {
    const sent = await parseThen(ZDistributionRef, fields, [], (input) => sendDistributionTransfers(admin, input.declarationId));
    return actionResponse(request, fields, sent, {
      done: (r) => ({ type: r.failed > 0 ? "info" : "success", title: `${r.sent} share(s) of ${r.tierName} sent`, description: r.message }),
      failedTitle: "Not sent",
    });
  }
  if (fields.intent === "check-distribution-transfers") {
    const checked = await parseThen(ZDistributionRef, fields, [], (input) => checkDistributionTransfers(input.declarationId));
    return actionResponse(request, fields, checked, {
      done: (r) => `${r.checked} transfer(s) checked with Paystack`,
      failedTitle: "Not checked",
    });
  }
  if (fields.intent === "send-redemption-transfer") {
    const sent = await parseThen(ZRedemptionRequest, fields, [], (input) => sendRedemptionTransfer(admin, input.investmentId));
    return actionResponse(request, fields, sent, {
      done: (r) => ({ type: "success", title: `${formatKobo(r.amountKobo)} sent for ${r.reference}`, description: r.message }),
      failedTitle: "Not sent",
    });
  }
  if (fields.intent === "check-redemption-transfer") {
    const checked = await parseThen(ZRedemptionRequest, fields, [], (input) => checkRedemptionTransfer(input.investmentId));
    return actionResponse(request, fields, checked, {
      done: (r) =>
        r.status === "paid" ? "The principal is paid back" : r.status === "sending" ? "Still on its way" : "It did not go through",
      failedTitle: "Not checked",
    });
  }
  if (fields.intent === "redemption-paid") {
    const paid = await parseThen(ZRedemptionPaid, fields, ["reference"], (input) => payRedemption(admin, input));
    return actionResponse(request, fields, paid, { done: (r) => `${r.reference} paid back`, failedTitle: "Not recorded" });
  }
  if (fields.intent !== "save-tier") return formRefusal(refuse("invalid_input", "Unknown action"), {});
  const result = await parseThen(ZInvestmentTier, fields, INVESTMENT_TIER_FIELDS, (input) => saveInvestmentTier(admin, input));
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash("/admin/investments", {
    type: "success",
    title: "Tier saved",
    description: fields.name?.trim().slice(0, 60),
  });
}

type TTierField = (typeof INVESTMENT_TIER_FIELDS)[number];

/** "14% a year (projection)": the projected return is never shown as a promise. */
const projection = (basisPoints: number) => `${projectedReturn(basisPoints)} (projection)`;

/** What the tier form shows for a saved tier: naira as typed, the return in %. */
function tierValues(t: TTierView): Record<TTierField, string> {
  return {
    name: t.name,
    summary: t.summary,
    min: koboToNairaInput(t.minKobo),
    max: t.maxKobo === null ? "" : koboToNairaInput(t.maxKobo),
    raiseCap: t.raiseCapKobo === null ? "" : koboToNairaInput(t.raiseCapKobo),
    expectedReturn: String(t.expectedReturnBasisPoints / 100),
    tenorMonths: String(t.tenorMonths),
    distributionFrequency: t.distributionFrequency,
    lockupMonths: String(t.lockupMonths),
    earlyRedemption: t.earlyRedemption ? "on" : "",
    status: t.status,
  };
}

const NEW_TIER: Record<TTierField, string> = {
  name: "",
  summary: "",
  min: "",
  max: "",
  raiseCap: "",
  expectedReturn: "",
  tenorMonths: "12",
  distributionFrequency: "quarterly",
  lockupMonths: "0",
  earlyRedemption: "",
  status: "open",
};

const STATUS_OPTIONS = INVESTMENT_STATUSES.map((s) => [s, INVESTMENT_STATUS_LABEL[s]] as const);
const FREQUENCY_OPTIONS = DISTRIBUTION_FREQUENCIES.map((f) => [f, DISTRIBUTION_FREQUENCY_LABEL[f]] as const);

const th = "py-2 pr-3 font-medium";
const num = "py-2 pr-3 text-right tabular-nums whitespace-nowrap";

export default function AdminInvestments({ loaderData, actionData }: Route.ComponentProps) {
  const { tiers, figures, list, editing, pageSize, maturityDays, distributions, viewerId, redemptions, canTransfer } = loaderData;
  const failed = formRefusalIn(actionData);
  const { filters } = list;
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.status ? { status: filters.status } : {}), ...extra });
  const exportHref = `/admin/investments/export?${new URLSearchParams({ q: filters.q ?? "", status: filters.status ?? "" })}`;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Investments</h1>
        <p className="mt-1 text-muted">
          The tiers people invest in and the register of every investment. Applications to invest are reviewed by staff in{" "}
          <Link to="/staff/investors" className="text-brand underline">
            Investor applications
          </Link>
          .
        </p>
      </header>

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="text-xl font-semibold">
          Figures
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure
            label="Total raised"
            value={formatKobo(figures.raisedKobo)}
            hint="Every investment not cancelled"
            testId="figure-raised"
          />
          <Figure label="Active principal" value={formatKobo(figures.activeKobo)} testId="figure-active" />
          <Figure label="Investors" value={figures.investors.toLocaleString("en-NG")} testId="figure-investors" />
          <Figure
            label="Distributions paid or reinvested"
            value={formatKobo(figures.distributionsPaidKobo)}
            hint={`${formatKobo(figures.distributionsToPayKobo)} approved, not paid yet; after withholding tax`}
            testId="figure-distributions"
          />
        </dl>
        {figures.tiers.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full min-w-[480px] text-left text-sm">
              <caption className="sr-only">Raised per tier</caption>
              <thead className="text-muted">
                <tr className="border-b border-line">
                  <th scope="col" className={th}>
                    Tier
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Raised
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Active principal
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Investors
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.tiers.map((t) => (
                  <tr key={t.tierId} className="border-b border-line">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {t.name}
                    </th>
                    <td className={num}>{formatKobo(t.raisedKobo)}</td>
                    <td className={num}>{formatKobo(t.activeKobo)}</td>
                    <td className={num}>{t.investors}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <section className={cardClass} aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="text-xl font-semibold">
          Tiers
        </h2>
        {tiers.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No tiers yet. Add the first one below.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[960px] text-left text-sm" data-testid="tier-rows">
              <thead className="text-muted">
                <tr className="border-b border-line">
                  <th scope="col" className={th}>
                    Tier
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Smallest
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Largest
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Cap
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Raised / left
                  </th>
                  <th scope="col" className={th}>
                    Projected return
                  </th>
                  <th scope="col" className={th}>
                    Tenor
                  </th>
                  <th scope="col" className={th}>
                    Distributes
                  </th>
                  <th scope="col" className={th}>
                    Lock-up
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tiers.map((t) => (
                  <tr key={t.id} className={`border-b border-line align-top ${editing?.id === t.id ? "bg-surface-2" : ""}`}>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {t.name}
                    </th>
                    <td className={num}>{formatKobo(t.minKobo)}</td>
                    <td className={num}>{t.maxKobo === null ? "No limit" : formatKobo(t.maxKobo)}</td>
                    <td className={num}>{t.raiseCapKobo === null ? "No cap" : formatKobo(t.raiseCapKobo)}</td>
                    <td className={num}>
                      {formatKobo(t.raisedKobo)}
                      <span className="block text-xs text-muted">{t.leftKobo === null ? "no cap" : `${formatKobo(t.leftKobo)} left`}</span>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{projection(t.expectedReturnBasisPoints)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{months(t.tenorMonths)}</td>
                    <td className="py-2 pr-3">
                      {DISTRIBUTION_FREQUENCY_LABEL[t.distributionFrequency as TDistributionFrequency] ?? t.distributionFrequency}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {t.lockupMonths ? months(t.lockupMonths) : "None"}
                      <span className="block text-xs text-muted">
                        {t.earlyRedemption ? "early redemption after" : "no early redemption"}
                      </span>
                    </td>
                    <td className="py-2 pr-3">{t.status === "open" ? "Open" : "Closed"}</td>
                    <td className="py-2 text-right">
                      <Link to={`?tier=${t.id}#tier-form-title`} className={buttonClass.ghost} aria-label={`Edit ${t.name}`}>
                        Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="mt-3 text-xs text-muted" data-testid="projection-note">
          {PROJECTION_NOTE}
        </p>
      </section>

      <TierForm key={`${editing?.id ?? "new"}-${failed ? JSON.stringify(failed.values) : ""}`} editing={editing} failed={failed} />

      <section className="space-y-4" aria-labelledby="distributions-title">
        <h2 id="distributions-title" className="text-xl font-semibold">
          Distributions
        </h2>
        <p className="text-sm text-muted">
          Declare a distribution only from a period&apos;s actual results. A second admin approves it before anything is owed; the shares
          are then paid to each investor&apos;s bank account.
        </p>
        <div className={cardClass}>
          <DeclareDistribution tiers={tiers.map((t) => ({ id: t.id, name: t.name }))} />
        </div>
        <DistributionList rows={distributions} viewerId={viewerId} canTransfer={canTransfer} />
      </section>

      <section className="space-y-4" aria-labelledby="redemptions-title">
        <h2 id="redemptions-title" className="text-xl font-semibold">
          Principal to pay back
        </h2>
        <RedemptionsToPay rows={redemptions} canTransfer={canTransfer} />
      </section>

      <section className="space-y-4" aria-labelledby="register-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="register-title" className="text-xl font-semibold">
            Investments
          </h2>
          <a href={exportHref} className={buttonClass.outline} download>
            Export CSV
          </a>
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find investments">
          <Field
            label="Name, e-mail or reference"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            maxLength={100}
            className="min-w-64 flex-1"
          />
          <SelectField
            label="Status"
            name="status"
            defaultValue={filters.status ?? ""}
            placeholder="All statuses"
            options={STATUS_OPTIONS}
          />
          <button type="submit" className={buttonClass.primary}>
            Find
          </button>
        </Form>
        <StaffList
          count={{
            total: list.total,
            first: (list.page - 1) * pageSize + 1,
            shown: list.rows.length,
            noun: "investment",
            none: "No investments match.",
            testId: "investment-count",
          }}
          empty={{ filtered: !!(filters.q || filters.status), clearTo: "/admin/investments", text: "No investments yet." }}
          pages={{ page: list.page, pageCount: list.pageCount, hrefFor: (p) => `?${query({ page: String(p) })}` }}
        >
          <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
            <table className="w-full min-w-[960px] text-left text-sm" data-testid="investment-rows">
              <thead className="text-muted">
                <tr className="border-b border-line">
                  <th scope="col" className={`${th} pl-3`}>
                    Reference
                  </th>
                  <th scope="col" className={th}>
                    Investor
                  </th>
                  <th scope="col" className={th}>
                    Tier
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Principal
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Placed
                  </th>
                  <th scope="col" className={th}>
                    Started
                  </th>
                  <th scope="col" className={th}>
                    Matures
                  </th>
                  <th scope="col" className={th}>
                    Order
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((r) => (
                  <tr key={r.id} className="border-b border-line align-top last:border-b-0">
                    <td className="py-2 pr-3 pl-3 font-mono whitespace-nowrap">{r.reference}</td>
                    <td className="py-2 pr-3">
                      <span className="block font-medium">{r.name}</span>
                      <span className="block text-xs break-all text-muted">{r.email}</span>
                    </td>
                    <td className="py-2 pr-3">{r.tierName}</td>
                    <td className={num}>{formatKobo(r.principalKobo)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{INVESTMENT_STATUS_LABEL[r.status] ?? r.status}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatLagosDateTime(r.placedAt)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{r.activatedAt ? formatLagosDate(r.activatedAt) : "—"}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{r.maturesAt ? formatLagosDate(r.maturesAt) : "—"}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <Link to={`/staff/orders/${r.orderId}`} className="font-mono text-brand underline">
                        {r.orderNumber}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </StaffList>
      </section>

      <section className={cardClass} aria-labelledby="maturities-title">
        <h2 id="maturities-title" className="text-xl font-semibold">
          Upcoming maturities
        </h2>
        <p className="mt-1 text-sm text-muted">Active investments maturing in the next {maturityDays} days, soonest first.</p>
        {figures.maturing.length === 0 ? (
          <p className="mt-3 text-sm text-muted">None in the next {maturityDays} days.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[560px] text-left text-sm" data-testid="maturity-rows">
              <thead className="text-muted">
                <tr className="border-b border-line">
                  <th scope="col" className={th}>
                    Matures
                  </th>
                  <th scope="col" className={th}>
                    Reference
                  </th>
                  <th scope="col" className={th}>
                    Investor
                  </th>
                  <th scope="col" className={th}>
                    Tier
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Principal
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.maturing.map((m) => (
                  <tr key={m.id} className="border-b border-line last:border-b-0">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatLagosDate(m.maturesAt)}</td>
                    <td className="py-2 pr-3 font-mono whitespace-nowrap">
                      <Link to={`?${new URLSearchParams({ q: m.reference })}#register-title`} className="text-brand underline">
                        {m.reference}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{m.name}</td>
                    <td className="py-2 pr-3">{m.tierName}</td>
                    <td className={num}>{formatKobo(m.principalKobo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The one tier form: a new tier, or the tier chosen with Edit; after a refusal, what was typed with the messages. */
function TierForm({ editing, failed }: { editing: TTierView | null; failed: ReturnType<typeof formRefusalIn> }) {
  const busy = useNavigation().state === "submitting";
  const refused = failed && failed.values.intent === "save-tier" ? failed : null;
  const errors = refused?.error.fieldErrors ?? {};
  const formError = refused && !refused.error.fieldErrors ? refused.error.message : (errors.form ?? null);
  const values: Record<string, string> = refused?.values ?? (editing ? tierValues(editing) : NEW_TIER);
  const tierId = refused ? refused.values.tierId : editing ? String(editing.id) : undefined;
  const editingName = tierId ? (editing?.name ?? values.name) : null;
  return (
    <section className={cardClass} aria-labelledby="tier-form-title">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="tier-form-title" className="text-xl font-semibold">
          {editingName ? `Edit ${editingName}` : "New tier"}
        </h2>
        {tierId ? (
          <Link to="/admin/investments#tier-form-title" className="text-sm text-brand underline">
            Add a new tier instead
          </Link>
        ) : null}
      </div>
      <Form method="post" className="mt-4 space-y-4" aria-label={editingName ? `Edit ${editingName}` : "New tier"}>
        <input type="hidden" name="intent" value="save-tier" />
        {tierId ? <input type="hidden" name="tierId" value={tierId} /> : null}
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" name="name" required maxLength={60} defaultValue={values.name} error={errors.name} />
          <SelectField
            label="Status"
            name="status"
            defaultValue={values.status}
            error={errors.status}
            options={[
              ["open", "Open: takes new investments"],
              ["closed", "Closed: takes none"],
            ]}
          />
        </div>
        <TextareaField
          label="Summary"
          name="summary"
          rows={3}
          required
          maxLength={400}
          defaultValue={values.summary}
          error={errors.summary}
          hint="What the tier funds, in 20 to 400 characters"
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Smallest amount (₦)" name="min" inputMode="decimal" required defaultValue={values.min} error={errors.min} />
          <Field
            label="Largest amount (₦)"
            name="max"
            inputMode="decimal"
            defaultValue={values.max}
            error={errors.max}
            hint="Empty: no limit"
          />
          <Field
            label="Total to raise (₦)"
            name="raiseCap"
            inputMode="decimal"
            defaultValue={values.raiseCap}
            error={errors.raiseCap}
            hint="Empty: no cap"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field
            label="Projected return a year (%)"
            name="expectedReturn"
            inputMode="decimal"
            required
            defaultValue={values.expectedReturn}
            error={errors.expectedReturn}
            hint="Shown only as a projection"
          />
          <Field
            label="Tenor (months)"
            name="tenorMonths"
            type="number"
            min={1}
            max={120}
            required
            defaultValue={values.tenorMonths}
            error={errors.tenorMonths}
          />
          <SelectField
            label="Distributes"
            name="distributionFrequency"
            defaultValue={values.distributionFrequency}
            error={errors.distributionFrequency}
            options={FREQUENCY_OPTIONS}
          />
          <Field
            label="Lock-up (months)"
            name="lockupMonths"
            type="number"
            min={0}
            max={120}
            required
            defaultValue={values.lockupMonths}
            error={errors.lockupMonths}
            hint="At most the tenor"
          />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="earlyRedemption"
            defaultChecked={values.earlyRedemption === "on"}
            className="mt-1 h-4 w-4 accent-[var(--brand)]"
          />
          <span>Allow early redemption after the lock-up</span>
        </label>
        {errors.earlyRedemption ? (
          <p className="text-sm text-danger" role="alert">
            {errors.earlyRedemption}
          </p>
        ) : null}
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {tierId ? "Save tier" : "Add tier"}
        </button>
      </Form>
    </section>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}
