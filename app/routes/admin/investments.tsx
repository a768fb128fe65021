import { Link } from "react-router";
import type { Route } from "./+types/investments";
import { refuse } from "@domain/errors/app-error";
import { parseAddressId } from "@domain/http/outside-text";
import { listDistributions } from "@server/investments/list-distributions";
import { listInvestmentTiers } from "@server/investments/list-investment-tiers";
import {
  INVESTMENTS_PAGE_SIZE,
  investmentFigures,
  listInvestments,
  MATURITY_WINDOW_DAYS,
  parseInvestmentListFilters,
} from "@server/investments/list-investments";
import { listRedemptionsToPay } from "@server/investments/redemptions";
import { transfersAvailable } from "@server/payments/verify-transfer";
import { DeclareDistribution, DistributionList } from "~/components/invest/distributions-admin";
import { InvestmentFigures } from "~/components/invest/investment-figures";
import { InvestmentRegister } from "~/components/invest/investment-register";
import { RedemptionsToPay } from "~/components/invest/redemptions-admin";
import { TierForm } from "~/components/invest/tier-form";
import { TiersAdmin } from "~/components/invest/tiers-admin";
import { UpcomingMaturities } from "~/components/invest/upcoming-maturities";
import { BackLink, StaffSection } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { intentOf } from "~/http/page-intents.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { INVESTMENTS_INTENTS } from "./investments-actions.server";

// The investments admin (docs/product/investments.md): the figures, the tiers and their form, the register of
// investments (searchable, filtered by status, exported as CSV) and the maturities coming up. Its forms' intents are
// in investments-actions.server.ts.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/investments", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireRole(context, request, "admin");
  const url = new URL(request.url);
  const filters = parseInvestmentListFilters(url.searchParams);
  const editId = parseAddressId(url.searchParams.get("tier"));
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
  const run = intentOf(INVESTMENTS_INTENTS, fields);
  return run ? run(fields, { admin, request }) : formRefusal(refuse("invalid_input", "Unknown action"), {});
}

export default function AdminInvestments({ loaderData, actionData }: Route.ComponentProps) {
  const { tiers, figures, list, editing, pageSize, maturityDays, distributions, viewerId, redemptions, canTransfer } = loaderData;
  const failed = formRefusalIn(actionData);
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

      <InvestmentFigures figures={figures} />

      <TiersAdmin tiers={tiers} editingId={editing?.id ?? null} />

      <TierForm key={`${editing?.id ?? "new"}-${failed ? JSON.stringify(failed.values) : ""}`} editing={editing} failed={failed} />

      <StaffSection titleId="distributions-title" title="Distributions" className="space-y-4">
        <p className="text-sm text-muted">
          Declare a distribution only from a period&apos;s actual results. A second admin approves it before anything is owed; the shares
          are then paid to each investor&apos;s bank account.
        </p>
        <div className={cardClass}>
          <DeclareDistribution tiers={tiers.map((t) => ({ id: t.id, name: t.name }))} />
        </div>
        <DistributionList rows={distributions} viewerId={viewerId} canTransfer={canTransfer} />
      </StaffSection>

      <StaffSection titleId="redemptions-title" title="Principal to pay back" className="space-y-4">
        <RedemptionsToPay rows={redemptions} canTransfer={canTransfer} />
      </StaffSection>
      <InvestmentRegister list={list} pageSize={pageSize} />

      <UpcomingMaturities maturing={figures.maturing} maturityDays={maturityDays} />
    </div>
  );
}
