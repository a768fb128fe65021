import type { Route } from "./+types/application";
import { parseThen } from "@domain/errors/app-error";
import { APPLICATION_STATUS_LABEL, SELLER_KIND_LABEL } from "@domain/marketplace/marketplace";
import { ZApplicationReview } from "@domain/marketplace/seller-application-input";
import { bankName } from "@domain/nigeria/banks";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { getSellerApplication } from "@server/marketplace/get-seller-application";
import { reviewSellerApplication } from "@server/marketplace/review-seller-application";
import { ApplicationDecision } from "~/components/staff/application-decision";
import { SubmissionReview } from "~/components/staff/submission-review";
import { DetailRow } from "~/components/ui/staff-page";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/marketplace/applications/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const application = await getSellerApplication(params.id);
  if (!application) throw new Response("Not found", { status: 404 });
  return { application };
}

/** Approve, reject with a reason, or ask for more (docs/product/marketplace.md#review). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  const result = await parseThen(ZApplicationReview, { ...fields, applicationId: params.id }, ["note"], (input) =>
    reviewSellerApplication(admin, input),
  );
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: r.status === "approved" ? "Seller approved" : r.status === "rejected" ? "Application rejected" : "More information asked",
      description: `${r.businessName}: the applicant has been e-mailed.`,
    }),
    failedTitle: "Not decided",
  });
}

export default function SellerApplication({ loaderData }: Route.ComponentProps) {
  const a = loaderData.application;
  const open = a.status === "pending" || a.status === "needs_info";
  return (
    <SubmissionReview
      back={{ to: "/staff/marketplace/applications", label: "Seller applications" }}
      title={a.businessName}
      state={`${SELLER_KIND_LABEL[a.kind]} · ${APPLICATION_STATUS_LABEL[a.status]} · sent ${formatLagosDateTime(a.submittedAt)}`}
      stateTestId="application-state"
      detailsTitle="Application"
      details={
        <>
          <DetailRow label="Applicant">
            {a.applicantName} · {a.applicantEmail} · account since {formatLagosDate(a.applicantSince)}
          </DetailRow>
          <DetailRow label="Phone">{a.phone}</DetailRow>
          <DetailRow label="Category">{a.category}</DetailRow>
          <DetailRow label="Ships from">
            {a.pickupLga}, {a.pickupState}
          </DetailRow>
          <DetailRow label="About">
            <span className="whitespace-pre-line">{a.bio}</span>
          </DetailRow>
          <DetailRow label="CAC number">{a.cacNumber ?? "Not registered"}</DetailRow>
          <DetailRow label="Portfolio">
            {a.portfolioUrl ? (
              <a href={a.portfolioUrl} rel="noopener noreferrer nofollow" target="_blank" className="text-brand underline">
                {a.portfolioUrl}
              </a>
            ) : (
              "None given"
            )}
          </DetailRow>
          <DetailRow label="Licence">
            {a.licenceBody || a.licenceNumber ? `${a.licenceBody ?? ""} ${a.licenceNumber ?? ""}`.trim() : "None given"}
          </DetailRow>
          <DetailRow label="Payout account">
            {bankName(a.bankCode) ?? a.bankCode} {a.accountNumber}, {a.accountName}{" "}
            <span className={a.accountVerified ? "text-brand" : "text-danger"} data-testid="account-check">
              {a.accountVerified ? "(name confirmed by the bank)" : "(name not checked with the bank: confirm it before the first payout)"}
            </span>
          </DetailRow>
          {a.reviewNote ? <DetailRow label="Last note to the applicant">{a.reviewNote}</DetailRow> : null}
        </>
      }
    >
      {open ? <ApplicationDecision status={a.status} /> : null}
    </SubmissionReview>
  );
}
