import { useFetcher } from "react-router";
import { formatKobo } from "@domain/money/money";
import { PIN_LENGTH, WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { SignUpFields } from "../forms/account-fields";
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

type TRegistered = { registered: { email: string } };

export function ZavChargeRegisterForm() {
  const fetcher = useFetcher<TActionAnswer<TRegistered>>();
  const { busy, formError, error, answer } = useActionToast(fetcher, { errors: "toast" });
  const errors = error?.fieldErrors ?? {};
  if (answer?.ok) {
    return (
      <div className="space-y-3" role="status">
        <p className="text-lg font-semibold text-brand">{answer.toast.title}</p>
        <p className="text-sm">
          We have sent a confirmation link to <strong>{answer.registered.email}</strong>.
        </p>
        <ol className="list-decimal space-y-1 rounded-xl bg-surface-2 p-4 pl-8 text-sm">
          <li>Open the e-mail and tap the link, on this phone or computer if you can.</li>
          <li>Your ZavCharge account opens at once: your subscription ID shows on your dashboard and comes by e-mail and SMS.</li>
          <li>New drivers get {formatKobo(WELCOME_CREDIT_KOBO)} welcome credit and their first month free.</li>
        </ol>
        <p className="text-sm text-muted">No e-mail after a few minutes? Look in your spam folder, or sign in to get a new link.</p>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/zavcharge/register" className="space-y-4" noValidate>
      <JsFlag />
      <FormError message={formError} />
      <SignUpFields errors={errors} />
      <PinFields errors={errors} />
      <TermsConsent error={errors.agreedToTerms} />
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
