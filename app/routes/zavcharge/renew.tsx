import { randomUUID } from "node:crypto";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/renew";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateLong } from "@domain/time/lagos-time";
import { parseThen, succeed, type TResult } from "@domain/errors/app-error";
import { ZRenewPlan } from "@domain/zavcharge/wallet/wallet-input";
import { addToCart } from "@server/cart/add-to-cart";
import { guestCartCookie } from "@server/cart/cart-cookie";
import { listPlans } from "@server/zavcharge/accounts/list-plans";
import { renewFromWallet } from "@server/zavcharge/wallet/renew-from-wallet";
import { ErrorText, FormError } from "~/components/ui/field";
import { RadioCard } from "~/components/ui/radio-card";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireDriver } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { getCartOwnerFrom } from "~/http/cart-middleware.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const driver = requireDriver(context);
  return {
    code: driver.code,
    balanceKobo: driver.balanceKobo,
    currentPlanId: driver.plan.id,
    planExpiresAt: driver.planExpiresAt,
    plans: await listPlans(),
    formKey: randomUUID(),
  };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge/renew", args);

type TRedirect = { to: string; flash: Parameters<typeof redirectWithFlash>[1]; headers?: Headers };

/** Renewing (docs/product/zavcharge.md#plans): from the wallet at once, or by payment through checkout. */
export async function action({ request, context }: Route.ActionArgs) {
  const driver = requireDriver(context);
  const fields = await readForm(request);
  // From the wallet the plan renews at once; by payment the renewal goes to the cart and on to checkout.
  const result = await parseThen(ZRenewPlan, fields, ["planId", "pay"], async (input): Promise<TResult<TRedirect>> => {
    if (input.pay === "wallet") {
      const renewed = await renewFromWallet(driver.id, input);
      if (!renewed.ok) return renewed;
      return succeed({
        to: "/zavcharge/dashboard",
        flash: {
          type: "success",
          title: "Plan renewed",
          description: `Your ${renewed.planName} plan now runs until ${formatLagosDateLong(renewed.expiresAt)}. New balance: ${formatKobo(renewed.balanceKobo)}.`,
        },
      });
    }
    const added = await addToCart(getCartOwnerFrom(context), {
      kind: "plan_renewal",
      zavchargeAccountId: driver.id,
      zavchargePlanId: input.planId,
    });
    if (!added.ok) return added;
    const headers = new Headers();
    if (added.guestCartId) headers.append("Set-Cookie", guestCartCookie(added.guestCartId, request));
    return succeed({
      to: "/checkout",
      flash: { type: "success", title: "Renewal added to your cart", description: added.message },
      headers,
    });
  });
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(result.to, result.flash, result.headers);
}

export default function Renew({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = formRefusalIn(actionData);
  const errors = refused?.error.fieldErrors ?? {};
  const plan = refused?.values.planId ?? String(loaderData.currentPlanId);
  const pay = refused?.values.pay ?? "wallet";
  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Link to="/zavcharge/dashboard" className="text-sm text-brand underline">
        Back to my ZavCharge
      </Link>
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Renew your plan</h1>
      <p className="mt-2 text-muted">
        {loaderData.planExpiresAt
          ? `Your plan ${new Date(loaderData.planExpiresAt).getTime() > Date.now() ? "runs until" : "ended on"} ${formatLagosDate(loaderData.planExpiresAt)}. A renewal adds a full period from that date, or from today if it has ended.`
          : "Choose a plan to start charging."}
      </p>
      <Form method="post" className={`${cardClass} mt-6 space-y-5`} noValidate>
        <input type="hidden" name="formKey" value={loaderData.formKey} />
        <FormError message={refused && !refused.error.field ? refused.error.message : null} />
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium">Plan</legend>
          {loaderData.plans.map((p) => (
            <RadioCard
              key={p.id}
              name="planId"
              value={String(p.id)}
              defaultChecked={plan === String(p.id)}
              title={`${p.name}: ${formatKobo(p.priceKobo)}`}
              detail={`${p.periodDays} days of charging`}
            />
          ))}
          <ErrorText message={errors.planId} />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium">Pay with</legend>
          <RadioCard
            name="pay"
            value="wallet"
            defaultChecked={pay === "wallet"}
            title="My ZavCharge balance"
            detail={`Balance ${formatKobo(loaderData.balanceKobo)}`}
          />
          <RadioCard
            name="pay"
            value="checkout"
            defaultChecked={pay === "checkout"}
            title="Card or bank transfer"
            detail="Through checkout"
          />
        </fieldset>
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? "Renewing..." : "Renew plan"}
        </button>
      </Form>
    </section>
  );
}
