import { Link, useFetcher } from "react-router";
import { formatKobo } from "@domain/money/money";
import { PIN_LENGTH } from "@domain/zavcharge/zavcharge";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { Field, FormError } from "../ui/field";
import { JsFlag } from "../ui/js-flag";
import { buttonClass } from "../ui/styles";
import { TermsConsent } from "../ui/terms-consent";
import { keepPinDigits, PinFields } from "./pin-fields";

// The ZavCharge context of the auth dialog (docs/product/zavcharge.md#accounts, #pins): sign in with the
// subscription id and PIN, register with a PIN, reset a PIN with an e-mailed code.

const idProps = { autoComplete: "username", autoCapitalize: "characters", spellCheck: false, placeholder: "ZAV12345678ABCD" } as const;

export function ZavChargeSignInForm({ onUsePassword }: { onUsePassword: () => void }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher, { errors: "toast" });
  return (
    <div className="space-y-4">
      <fetcher.Form method="post" action="/zavcharge/sign-in" className="space-y-4" noValidate>
        <JsFlag />
        <FormError message={formError} />
        <Field label="Subscription ID" name="subscriptionId" required error={fieldError("subscriptionId")} {...idProps} />
        <Field
          label="PIN"
          name="pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          maxLength={PIN_LENGTH}
          onInput={keepPinDigits}
          required
          error={fieldError("pin")}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </fetcher.Form>
      <button type="button" className={`${buttonClass.ghost} w-full`} onClick={onUsePassword}>
        Sign in with e-mail and password instead
      </button>
    </div>
  );
}

type TRegistered = { registered: { code: string; generatedPin: string | null; welcomeCreditKobo: number; email: string } };

export function ZavChargeRegisterForm() {
  const fetcher = useFetcher<TActionAnswer<TRegistered>>();
  const { busy, formError, fieldError, answer } = useActionToast(fetcher, { errors: "toast" });
  if (answer?.ok) {
    const r = answer.registered;
    return (
      <div className="space-y-3" role="status">
        <p className="text-lg font-semibold text-brand">{answer.toast.title}</p>
        <dl className="space-y-2 rounded-xl bg-surface-2 p-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Subscription ID</dt>
            <dd className="font-mono font-semibold" data-testid="new-subscription-id">
              {r.code}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Welcome bonus</dt>
            <dd className="font-semibold">{formatKobo(r.welcomeCreditKobo)}</dd>
          </div>
          {r.generatedPin ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Your PIN (shown once)</dt>
              <dd className="font-mono font-semibold">{r.generatedPin}</dd>
            </div>
          ) : null}
        </dl>
        <p className="text-sm text-muted">
          We have e-mailed your subscription ID to {r.email}, with a link to confirm the address for your Zavolah account.
        </p>
        <Link to="/zavcharge/dashboard" className={`${buttonClass.primary} w-full`}>
          Open my ZavCharge dashboard
        </Link>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/zavcharge/register" className="space-y-4" noValidate>
      <JsFlag />
      <FormError message={formError} />
      <Field label="Full name" name="name" autoComplete="name" required error={fieldError("name")} />
      <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldError("email")} />
      <Field label="Phone" name="phone" type="tel" autoComplete="tel" placeholder="0803 123 4567" required error={fieldError("phone")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Password" name="password" type="password" autoComplete="new-password" required error={fieldError("password")} />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError("confirmPassword")}
        />
      </div>
      <PinFields errors={{ pin: fieldError("pin"), confirmPin: fieldError("confirmPin") }} />
      <TermsConsent error={fieldError("agreedToTerms")} />
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
        {busy ? "Creating account..." : "Create ZavCharge account"}
      </button>
    </fetcher.Form>
  );
}

type TResetAnswer = { sentTo?: string; subscriptionId?: string; reset?: boolean };

export function ZavChargePinResetForm({ onBack, initialId, codeStep }: { onBack: () => void; initialId: string; codeStep: boolean }) {
  const request = useFetcher<TActionAnswer<TResetAnswer>>();
  const reset = useFetcher<TActionAnswer<TResetAnswer>>();
  const asked = useActionToast(request, { errors: "toast" });
  const done = useActionToast(reset, { errors: "toast" });
  if (done.answer?.ok) {
    return (
      <div className="space-y-4" role="status">
        <p className="text-lg font-semibold text-brand">PIN reset successful</p>
        <p className="text-sm text-muted">Sign in with your subscription ID and your new PIN.</p>
        <button type="button" className={`${buttonClass.primary} w-full`} onClick={onBack}>
          Back to sign in
        </button>
      </div>
    );
  }
  const sent = asked.answer?.ok ? asked.answer : null;
  if (sent || codeStep) {
    return (
      <reset.Form method="post" action="/zavcharge/pin-reset" className="space-y-4" noValidate>
        <JsFlag />
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="subscriptionId" value={sent?.subscriptionId ?? initialId} />
        <p className="text-sm text-muted" role="status">
          {sent ? `We have e-mailed a 6-digit code to ${sent.sentTo}. ` : "Enter the 6-digit code we e-mailed you. "}
          It works once, for 15 minutes.
        </p>
        <FormError message={done.formError} />
        <Field
          label="Reset code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          onInput={keepPinDigits}
          required
          error={done.fieldError("code")}
        />
        <PinFields
          errors={{ pin: done.fieldError("pin"), confirmPin: done.fieldError("confirmPin") }}
          labels={["New PIN", "Confirm new PIN"]}
          optional={false}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={done.busy}>
          {done.busy ? "Saving..." : "Set new PIN"}
        </button>
      </reset.Form>
    );
  }
  return (
    <request.Form method="post" action="/zavcharge/pin-reset" className="space-y-4" noValidate>
      <JsFlag />
      <input type="hidden" name="intent" value="request" />
      <p className="text-sm text-muted">Enter your subscription ID and the e-mail on your ZavCharge account. We will e-mail you a code.</p>
      <FormError message={asked.formError} />
      <Field
        label="Subscription ID"
        name="subscriptionId"
        defaultValue={initialId}
        required
        error={asked.fieldError("subscriptionId")}
        {...idProps}
      />
      <Field label="Email" name="email" type="email" autoComplete="email" required error={asked.fieldError("email")} />
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={asked.busy}>
        {asked.busy ? "Sending..." : "Send reset code"}
      </button>
      <button type="button" className={`${buttonClass.ghost} w-full`} onClick={onBack}>
        Back to sign in
      </button>
    </request.Form>
  );
}
