import { BadgeCheck, Clock } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/apply";
import { parseThen } from "@domain/errors/app-error";
import { INVESTOR_APPLICATION_FIELDS, ZInvestorApplication } from "@domain/investments/investment-input";
import { APPLICATION_STATUS_LABEL } from "@domain/marketplace/marketplace";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime, lagosToday } from "@domain/time/lagos-time";
import { clientIp } from "@server/http/client-ip";
import { findInvestorStanding } from "@server/investments/investor-standing";
import { submitInvestorApplication } from "@server/investments/submit-investor-application";
import { answerApplication, applicationStanding } from "~/components/forms/application-answer.server";
import { applicationFormProps } from "~/components/forms/application-form";
import { InvestorApplicationForm } from "~/components/invest/investor-application-form";
import { ApplicationStatusCard } from "~/components/marketplace/application-status";
import { ProjectionNote, RegistrationNote } from "~/components/invest/investment-notes";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, requireUser } from "~/http/access.server";
import { oneFile, readFormData, textFields } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

// Applying to invest (docs/product/investments.md#applications): the latest application's state, and the form when the
// person may send one (none yet, more information asked, or rejected).

export const meta: Route.MetaFunction = (args) => metaFor("/invest/apply", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const { application, investor } = await findInvestorStanding(viewer.id);
  return {
    registration: getSettingsFrom(context).investmentRegistration,
    investor: investor && { legalName: investor.legalName, allowanceLeftKobo: investor.allowance.leftKobo, year: investor.allowance.year },
    application: application && {
      ...applicationStanding(application),
      // What the applicant typed, to correct after "more information needed" or a rejection (never the ID number in full).
      values: {
        legalName: application.legalName,
        dateOfBirth: application.dateOfBirth,
        address: application.address,
        state: application.state,
        lga: application.lga,
        phone: application.phone,
        idType: application.idType,
        bankCode: application.bankCode,
        accountNumber: application.accountNumber,
        incomeBand: application.incomeBand,
      },
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const form = await readFormData(request);
  const fields = textFields(form);
  const result = await parseThen(ZInvestorApplication(lagosToday()), fields, INVESTOR_APPLICATION_FIELDS, (input) =>
    submitInvestorApplication(viewer, clientIp(request), input, oneFile(form, "idDocument")),
  );
  return answerApplication(result, fields, "/invest/apply", "We check applications within 2 working days and reply by e-mail.");
}

export default function ApplyToInvest({ loaderData, actionData }: Route.ComponentProps) {
  const { application, investor, registration } = loaderData;
  const status = application?.status;
  const showForm = !investor && status !== "pending" && status !== "approved";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <PageHeader eyebrow="Zavolah Investments" title="Apply to invest">
          We check every investor&apos;s identity and bank account before they invest, as the law asks. It takes about 5 minutes; have your
          ID to hand.
        </PageHeader>
      </header>

      {investor ? (
        <section className={`${cardClass} border-l-4 border-l-brand`} data-testid="application-status">
          <div className="flex items-start gap-3">
            <BadgeCheck className="mt-1 h-6 w-6 shrink-0 text-brand" aria-hidden />
            <div className="space-y-2">
              <h2 className="text-lg font-bold">You are a checked investor</h2>
              <p className="text-sm text-muted">
                You may invest up to {formatKobo(investor.allowanceLeftKobo)} more in {investor.year}.
              </p>
              <div className="flex flex-wrap gap-2">
                <Link to="/invest" className={buttonClass.primary}>
                  Choose a tier
                </Link>
                <Link to="/investor-dashboard" className={buttonClass.outline}>
                  Your investments
                </Link>
              </div>
            </div>
          </div>
        </section>
      ) : null}

      {!investor && application ? (
        <ApplicationStatusCard
          application={application}
          icon={<Clock className="mt-1 h-6 w-6 shrink-0 text-brand" aria-hidden />}
          title={`Your application: ${APPLICATION_STATUS_LABEL[application.status]}`}
          toAnswer="Correct your application below and send it again."
          paidTo="Payments to"
        >
          <p className="text-sm text-muted">Sent {formatLagosDateTime(new Date(application.submittedAt))}</p>
          {status === "pending" ? (
            <p className="text-sm">Our team is checking your details and will e-mail you within 2 working days.</p>
          ) : null}
        </ApplicationStatusCard>
      ) : null}

      {showForm ? (
        <InvestorApplicationForm
          {...applicationFormProps(actionData, application)}
          submitLabel={status === "needs_info" || status === "rejected" ? "Send my application again" : "Send my application"}
        />
      ) : null}

      <ProjectionNote />
      <RegistrationNote text={registration} />
    </div>
  );
}
