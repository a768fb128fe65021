import { BadgeCheck, Clock, Store } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/become-seller";
import { parseThen } from "@domain/errors/app-error";
import { APPLICATION_STATUS_LABEL, SELLER_KIND_LABEL } from "@domain/marketplace/marketplace";
import { SELLER_APPLICATION_FIELDS, ZSellerApplication } from "@domain/marketplace/seller-application-input";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { clientIp } from "@server/http/client-ip";
import { findMySellerApplication } from "@server/marketplace/find-my-seller-application";
import { submitSellerApplication } from "@server/marketplace/submit-seller-application";
import { answerApplication, applicationStanding } from "~/components/forms/application-answer.server";
import { applicationFormProps } from "~/components/forms/application-form";
import { ApplicationStatusCard, StatusCard } from "~/components/marketplace/application-status";
import { SellerApplicationForm } from "~/components/marketplace/seller-application-form";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass } from "~/components/ui/styles";
import { requireUser } from "~/http/access.server";
import { readForm } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/marketplace/become-seller", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const { application, seller } = await findMySellerApplication(viewer.id);
  return {
    seller,
    application: application && {
      ...applicationStanding(application),
      kind: application.kind,
      businessName: application.businessName,
      // What the applicant typed, to edit after "more information needed" or to start again after a rejection.
      values: {
        kind: application.kind,
        businessName: application.businessName,
        bio: application.bio,
        category: application.category,
        phone: application.phone,
        pickupState: application.pickupState,
        pickupLga: application.pickupLga,
        cacNumber: application.cacNumber ?? "",
        bankCode: application.bankCode,
        accountNumber: application.accountNumber,
        accountName: application.accountName,
        portfolioUrl: application.portfolioUrl ?? "",
        licenceBody: application.licenceBody ?? "",
        licenceNumber: application.licenceNumber ?? "",
      },
    },
  };
}

/** Send the application, or send it again (docs/product/marketplace.md#applications). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZSellerApplication, fields, SELLER_APPLICATION_FIELDS, (input) =>
    submitSellerApplication(viewer, clientIp(request), input),
  );
  return answerApplication(
    result,
    fields,
    "/marketplace/become-seller",
    "We review applications within 2 working days and reply by e-mail.",
  );
}

export default function BecomeSeller({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, application } = loaderData;
  const status = application?.status;
  const showForm = !seller && status !== "pending" && status !== "approved";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
      <header>
        <PageHeader eyebrow="Zavolah Marketplace" title="Sell on the marketplace">
          Reach buyers across Nigeria with your furniture, lighting, solar products and designs. We take a commission only when you sell,
          and pay your earnings to your bank account.
        </PageHeader>
      </header>

      {seller ? (
        <StatusCard
          tone={seller.status === "active" ? "border-l-brand" : "border-l-danger"}
          icon={<Store className="mt-1 h-6 w-6 shrink-0 text-brand" aria-hidden />}
          title={seller.status === "active" ? `You sell as ${seller.displayName}` : `${seller.displayName} is suspended`}
        >
          <p className="text-sm text-muted">
            {seller.status === "active"
              ? `${SELLER_KIND_LABEL[seller.kind]}. Your store page is open to buyers.`
              : "Your store is hidden and payouts are on hold. Our team has e-mailed you the reason; reply to that e-mail to resolve it."}
          </p>
          {seller.status === "active" ? (
            <Link to={`/marketplace/sellers/${seller.slug}`} className={buttonClass.outline}>
              See your store
            </Link>
          ) : null}
        </StatusCard>
      ) : null}

      {!seller && application ? (
        <ApplicationStatusCard
          application={application}
          icon={
            status === "pending" ? (
              <Clock className="mt-1 h-6 w-6 shrink-0 text-brand" aria-hidden />
            ) : (
              <BadgeCheck className="mt-1 h-6 w-6 shrink-0 text-accent" aria-hidden />
            )
          }
          title={`${application.businessName}: ${APPLICATION_STATUS_LABEL[application.status]}`}
          toAnswer="Update your application below and send it again."
          paidTo="Payouts to"
        >
          <p className="text-sm text-muted">
            {SELLER_KIND_LABEL[application.kind]} · sent {formatLagosDateTime(new Date(application.submittedAt))}
          </p>
          {status === "pending" ? (
            <p className="text-sm">Our team is reviewing your application and will e-mail you within 2 working days.</p>
          ) : null}
        </ApplicationStatusCard>
      ) : null}

      {showForm ? (
        <SellerApplicationForm
          {...applicationFormProps(actionData, application)}
          submitLabel={status === "needs_info" ? "Send my application again" : "Send my application"}
        />
      ) : null}
    </div>
  );
}
