import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/tier";
import { parseThen } from "@domain/errors/app-error";
import { ZInvestInTier } from "@domain/investments/investment-input";
import { formatKobo } from "@domain/money/money";
import { parseAddressId } from "@domain/http/outside-text";
import { addToCart } from "@server/cart/add-to-cart";
import { INVESTMENT_KIND, tierItemRef } from "@server/investments/investment-purchasable";
import { findInvestmentTier } from "@server/investments/list-investment-tiers";
import { findInvestorStanding } from "@server/investments/investor-standing";
import { ProjectionNote, RegistrationNote } from "~/components/invest/investment-notes";
import { TierFacts } from "~/components/invest/tier-facts";
import { Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, requireUser } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// Investing in one tier (docs/product/investments.md#investments): a checked investor chooses an amount within the
// tier's limits and their allowance, and goes to checkout with it in the cart.

export const meta: Route.MetaFunction = (args) => metaFor("/invest/tiers/:tierId", args, { title: args.data?.tier.name });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const tierId = parseAddressId(params.tierId);
  const tier = tierId ? await findInvestmentTier(tierId) : undefined;
  if (!tier) throw data("That tier does not exist.", { status: 404 });
  const { investor, application } = await findInvestorStanding(viewer.id);
  return {
    registration: getSettingsFrom(context).investmentRegistration,
    tier: {
      id: tier.id,
      name: tier.name,
      summary: tier.summary,
      open: tier.status === "open",
      minKobo: tier.minKobo,
      maxKobo: tier.maxKobo,
      raiseCapKobo: tier.raiseCapKobo,
      raisedKobo: tier.raisedKobo,
      leftKobo: tier.leftKobo,
      expectedReturnBasisPoints: tier.expectedReturnBasisPoints,
      tenorMonths: tier.tenorMonths,
      distributionFrequency: tier.distributionFrequency,
      lockupMonths: tier.lockupMonths,
      earlyRedemption: tier.earlyRedemption,
    },
    allowance: investor
      ? { leftKobo: investor.allowance.leftKobo, yearlyKobo: investor.allowance.yearlyKobo, year: investor.allowance.year }
      : null,
    applicationStatus: application?.status ?? null,
  };
}

/** The chosen amount into the cart, then checkout; the tier is the page's, whatever the form says. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(context, request);
  const fields = await readForm(request);
  const result = await parseThen(ZInvestInTier, { ...fields, tierId: params.tierId }, ["amount"], (input) =>
    addToCart(getCartOwnerFrom(context), { kind: INVESTMENT_KIND, itemRef: tierItemRef(input.tierId), amountKobo: input.amount }),
  );
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash("/checkout", { type: "success", title: "Investment added to your cart", description: result.message });
}

export default function InvestInTier({ loaderData, actionData }: Route.ComponentProps) {
  const { tier, allowance, applicationStatus, registration } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refused = formRefusalIn(actionData);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <Link to="/invest" className="text-sm text-brand underline">
        All tiers
      </Link>
      <header>
        <h1 className="text-3xl font-bold">{tier.name}</h1>
        <p className="mt-2 text-muted">{tier.summary}</p>
      </header>
      <section className={cardClass} aria-label="Terms">
        <TierFacts tier={tier} />
      </section>
      <ProjectionNote />

      {!tier.open ? (
        <p className={cardClass} role="status">
          This tier is closed to new investments.
        </p>
      ) : !allowance ? (
        <section className={`${cardClass} space-y-3`} data-testid="apply-first">
          <h2 className="text-lg font-bold">Apply before you invest</h2>
          <p className="text-sm text-muted">
            {applicationStatus === "pending"
              ? "Your application is with our team. You can invest once it is approved; we will e-mail you."
              : "We check every investor's identity and bank account first. It takes about 5 minutes."}
          </p>
          {applicationStatus === "pending" ? null : (
            <Link to="/invest/apply" className={buttonClass.primary}>
              Apply to invest
            </Link>
          )}
        </section>
      ) : (
        <Form method="post" className={`${cardClass} space-y-4`} noValidate aria-label={`Invest in ${tier.name}`}>
          <FormError message={refused && !refused.error.field ? refused.error.message : null} />
          <Field
            label="Amount to invest (₦)"
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={refused?.values.amount ?? String(tier.minKobo / 100)}
            hint={`You may invest up to ${formatKobo(allowance.leftKobo)} more in ${allowance.year} (10% of your yearly income, ${formatKobo(allowance.yearlyKobo)}).`}
            required
            error={refused?.error.fieldErrors?.amount}
          />
          <p className="text-sm text-muted">
            Paid by bank transfer or card at checkout. Your investment starts when the payment is verified, and your agreement is ready
            then.
          </p>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Adding..." : "Continue to checkout"}
          </button>
        </Form>
      )}
      <RegistrationNote text={registration} />
    </div>
  );
}
