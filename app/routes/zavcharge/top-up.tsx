import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/top-up";
import { formatKobo } from "@domain/money/money";
import { parseThen } from "@domain/errors/app-error";
import { TOP_UP_MAX_KOBO, TOP_UP_MIN_KOBO, TOP_UP_PRESETS_KOBO } from "@domain/zavcharge/wallet/wallet-rules";
import { ZTopUp } from "@domain/zavcharge/wallet/wallet-input";
import { addToCart } from "@server/cart/add-to-cart";
import { guestCartCookie } from "@server/cart/cart-cookie";
import { ErrorText, Field, FormError } from "~/components/ui/field";
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
  return { code: driver.code, balanceKobo: driver.balanceKobo, viaPin: driver.via === "pin" };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge/top-up", args);

/** A top-up goes through the one cart and checkout (docs/product/zavcharge.md#wallet): to checkout with the line added. */
export async function action({ request, context }: Route.ActionArgs) {
  const driver = requireDriver(context);
  const fields = await readForm(request);
  const result = await parseThen(ZTopUp, fields, ["amount", "customAmount"], (input) =>
    addToCart(getCartOwnerFrom(context), { kind: "wallet_topup", zavchargeAccountId: driver.id, amountKobo: input.amountKobo }),
  );
  if (!result.ok) return formRefusal(result, fields);
  const headers = new Headers();
  if (result.guestCartId) headers.append("Set-Cookie", guestCartCookie(result.guestCartId, request));
  return redirectWithFlash("/checkout", { type: "success", title: "Top-up added to your cart", description: result.message }, headers);
}

export default function TopUp({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = formRefusalIn(actionData);
  const errors = refused?.error.fieldErrors ?? {};
  const chosen = refused?.values.amount ?? String(TOP_UP_PRESETS_KOBO[1]);
  return (
    <section className="mx-auto max-w-xl px-4 py-8 sm:py-12">
      <Link to="/zavcharge/dashboard" className="text-sm text-brand underline">
        Back to my ZavCharge
      </Link>
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">Top up your wallet</h1>
      <p className="mt-2 text-muted">
        Account <span className="font-mono">{loaderData.code}</span>, balance{" "}
        <strong className="text-fg">{formatKobo(loaderData.balanceKobo)}</strong>. The amount is added as soon as your payment is confirmed.
      </p>
      <Form method="post" className={`${cardClass} mt-6 space-y-4`} noValidate>
        <FormError message={refused && !refused.error.field ? refused.error.message : null} />
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Amount</legend>
          <div className="grid grid-cols-2 gap-3">
            {TOP_UP_PRESETS_KOBO.map((kobo) => (
              <RadioCard
                key={kobo}
                name="amount"
                value={String(kobo)}
                defaultChecked={chosen === String(kobo)}
                title={formatKobo(kobo)}
                detail="Top-up"
              />
            ))}
          </div>
          <div className="mt-3">
            <RadioCard
              name="amount"
              value="custom"
              defaultChecked={chosen === "custom"}
              title="Another amount"
              detail={`From ${formatKobo(TOP_UP_MIN_KOBO)} to ${formatKobo(TOP_UP_MAX_KOBO)}`}
            />
          </div>
          <ErrorText message={errors.amount} className="mt-2 text-sm text-danger" />
        </fieldset>
        <Field
          label="Your amount (₦)"
          name="customAmount"
          inputMode="numeric"
          placeholder="7500"
          defaultValue={refused?.values.customAmount ?? ""}
          error={errors.customAmount}
          hint="Only if you chose another amount"
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? "Adding..." : "Continue to payment"}
        </button>
        {loaderData.viaPin ? <p className="text-xs text-muted">You will sign in with your Zavolah e-mail and password to pay.</p> : null}
      </Form>
    </section>
  );
}
