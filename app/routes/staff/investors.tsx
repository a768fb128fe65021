import type { Route } from "./+types/investors";
import { parseThen } from "@domain/errors/app-error";
import { ID_TYPE_LABEL, INCOME_BAND_LABEL, type TIdType, type TIncomeBand } from "@domain/investments/investment-rules";
import { APPLICATION_STATUS_LABEL } from "@domain/marketplace/marketplace";
import { ZApplicationFilters, ZApplicationReview } from "@domain/marketplace/seller-application-input";
import { bankName } from "@domain/nigeria/banks";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { INVESTOR_APPLICATIONS_PAGE_SIZE, listInvestorApplications } from "@server/investments/list-investor-applications";
import { reviewInvestorApplication } from "@server/investments/review-investor-application";
import { ApplicationDecision } from "~/components/staff/application-decision";
import { ApplicationStatusFilter } from "~/components/staff/status-filter";
import { BackLink, DetailRow, StaffList } from "~/components/ui/staff-page";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm, readQuery } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

// Staff check applications to invest (docs/product/investments.md#applications): the person, their ID document, their
// bank account as the bank named it, and a decision (approve, reject with a reason, ask for more), audited.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/investors", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const filters = readQuery(request, ZApplicationFilters);
  const page = await listInvestorApplications(filters);
  return {
    filters,
    ...page,
    // The page size from here: a server module's constant imported by the component would bring its code to the browser.
    pageSize: INVESTOR_APPLICATIONS_PAGE_SIZE,
    rows: page.rows.map(({ idDocumentPath: _stored, ...r }) => r),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const reviewer = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await parseThen(ZApplicationReview, fields, ["note"], (input) => reviewInvestorApplication(reviewer, input));
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: r.status === "approved" ? "Investor approved" : r.status === "rejected" ? "Application rejected" : "More information asked",
      description: `${r.name} has been e-mailed.`,
    }),
    failedTitle: "Not decided",
  });
}

export default function InvestorApplications({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, page, pageCount, pageSize } = loaderData;
  const hrefFor = (p: number) => `?${new URLSearchParams({ status: filters.status, page: String(p) })}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/staff/crm">Staff area</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Investor applications</h1>
        <p className="mt-1 text-muted">Check each person&apos;s ID against the name, date of birth and bank account before approving.</p>
      </header>
      <ApplicationStatusFilter status={filters.status} />
      <StaffList
        count={{
          total,
          pageSize,
          shown: rows.length,
          noun: "application",
          none: "No application here.",
          testId: "application-count",
        }}
        empty={{ filtered: filters.status !== "all", clearTo: "/staff/investors?status=all", text: "No one has applied to invest yet." }}
        pages={{ page, pageCount, hrefFor }}
      >
        <ul className="space-y-6">
          {rows.map((a) => (
            <li key={a.id} className="space-y-3 rounded-2xl border border-line bg-surface p-4" data-testid="investor-application">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="text-xl font-bold break-words">{a.legalName}</h2>
                  <p className="text-sm text-muted">
                    {a.accountEmail} · account since {formatLagosDate(a.accountSince)} · sent {formatLagosDateTime(a.submittedAt)}
                  </p>
                </div>
                <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold">
                  {APPLICATION_STATUS_LABEL[a.status]}
                </span>
              </div>
              <dl className="divide-y divide-line">
                <DetailRow label="Date of birth">{formatLagosDate(`${a.dateOfBirth}T12:00:00Z`)}</DetailRow>
                <DetailRow label="Address">
                  {a.address}, {a.lga}, {a.state}
                </DetailRow>
                <DetailRow label="Phone">{a.phone}</DetailRow>
                <DetailRow label="ID">
                  {ID_TYPE_LABEL[a.idType as TIdType] ?? a.idType} {a.idNumber} ·{" "}
                  <a href={`/staff/investors/${a.id}/id-document`} className="text-brand underline" target="_blank" rel="noopener">
                    See the ID document ({a.idDocumentType.toUpperCase()})
                  </a>
                </DetailRow>
                <DetailRow label="Bank account">
                  {bankName(a.bankCode) ?? a.bankCode} {a.accountNumber}, {a.accountName}{" "}
                  <span className={a.accountVerified ? "text-brand" : "text-danger"}>
                    {a.accountVerified ? "(name confirmed by the bank)" : "(name not checked with the bank: confirm it before approving)"}
                  </span>
                </DetailRow>
                <DetailRow label="Yearly income">{INCOME_BAND_LABEL[a.incomeBand as TIncomeBand] ?? a.incomeBand}</DetailRow>
                <DetailRow label="Risk statement">Accepted {formatLagosDateTime(a.riskAcceptedAt)}</DetailRow>
                {a.reviewNote ? <DetailRow label="Last note to the applicant">{a.reviewNote}</DetailRow> : null}
              </dl>
              {a.status === "pending" || a.status === "needs_info" ? (
                <ApplicationDecision status={a.status} applicationId={a.id} label={`Decide on ${a.legalName}`} />
              ) : null}
            </li>
          ))}
        </ul>
      </StaffList>
    </div>
  );
}
