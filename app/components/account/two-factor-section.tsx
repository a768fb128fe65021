import { Form } from "react-router";
import { Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";

/** The account's second factors as the page may show them: phones masked (docs/product/accounts.md#two-factor-authentication). */
export type TTwoFactorState = {
  enabled: boolean;
  totp: boolean;
  phone: string | null;
  pendingPhone: string | null;
  /** False when no SMS provider is configured: texted codes could not arrive, so they are not offered. */
  smsAvailable: boolean;
};

type TResult = {
  errors?: Record<string, string>;
  formError?: string;
  enrol?: { qrSvg: string; secret: string; backupCodes: string[] };
  smsEnrol?: { backupCodes: string[]; sent?: string };
};

function RecoveryCodes({ codes }: { codes: string[] }) {
  if (!codes.length) return null;
  return (
    <div>
      <p className="text-sm font-semibold">Recovery codes: save them somewhere safe. Each works once if you lose your phone.</p>
      <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}

/** Step 2 of the authenticator app: scan, save the recovery codes, enter a first code. */
function AuthenticatorEnrolment({ enrol, error }: { enrol: NonNullable<TResult["enrol"]>; error?: string }) {
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm">
        Scan this code with Google Authenticator, Microsoft Authenticator or a similar app, then enter the 6-digit code it shows.
      </p>
      <div className="w-fit rounded-lg bg-white p-2" dangerouslySetInnerHTML={{ __html: enrol.qrSvg }} />
      <p className="text-sm">
        Or type this key:{" "}
        <code className="break-all font-mono" data-testid="totp-secret">
          {enrol.secret}
        </code>
      </p>
      <RecoveryCodes codes={enrol.backupCodes} />
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="2fa-verify" />
        <input type="hidden" name="secret" value={enrol.secret} />
        <input type="hidden" name="backupCodes" value={enrol.backupCodes.join(",")} />
        <Field label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" error={error} />
        <button type="submit" className={buttonClass.primary}>
          Verify and turn on
        </button>
      </Form>
    </div>
  );
}

/** Step 2 of text message codes: the code sent to the new number proves it. */
function PhoneEnrolment({ phone, result }: { phone: string; result?: TResult }) {
  const codes = result?.smsEnrol?.backupCodes ?? [];
  return (
    <div className="mt-4 space-y-4" data-testid="phone-enrolment">
      <p className="text-sm">
        We sent a 6-digit code by text message to <strong>{phone}</strong>. Enter it to start receiving sign-in codes there. It expires in
        10 minutes.
      </p>
      <RecoveryCodes codes={codes} />
      {result?.smsEnrol?.sent ? (
        <p role="status" className="text-sm text-brand">
          {result.smsEnrol.sent}
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="sms-verify" />
        <input type="hidden" name="backupCodes" value={codes.join(",")} />
        <Field
          label="Code from the text message"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={result?.errors?.code}
        />
        <button type="submit" className={buttonClass.primary}>
          Verify and turn on
        </button>
      </Form>
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="backupCodes" value={codes.join(",")} />
        <button type="submit" name="intent" value="sms-resend" className={buttonClass.outline}>
          Send a new code
        </button>
        <button type="submit" name="intent" value="sms-cancel" className={buttonClass.ghost}>
          Cancel
        </button>
      </Form>
    </div>
  );
}

/**
 * Two-factor on the account page (docs/product/accounts.md#two-factor-authentication): choose a code by text message,
 * an authenticator app, or both; each is verified by a first code before it counts. One password field serves every
 * change, and the button says which.
 */
export function TwoFactorSection({ state, profilePhone, result }: { state: TTwoFactorState; profilePhone: string; result?: TResult }) {
  // A number waiting for its code stays on screen (after a reload too) until it is verified or cancelled.
  const enrolling = result?.enrol ? "totp" : state.pendingPhone ? "sms" : null;
  return (
    <section className={cardClass} aria-labelledby="tfa-title">
      <h2 id="tfa-title" className="text-xl font-semibold">
        Two-factor authentication
      </h2>
      <FormError message={result?.formError} />
      {enrolling === "totp" ? (
        <AuthenticatorEnrolment enrol={result!.enrol!} error={result?.errors?.code} />
      ) : enrolling === "sms" ? (
        <PhoneEnrolment phone={state.pendingPhone!} result={result} />
      ) : (
        <>
          {state.enabled ? (
            <div className="mt-2 space-y-1 text-sm" data-testid="two-factor-methods">
              <p>
                <strong className="text-brand">On.</strong> After your password, you enter:
              </p>
              <ul className="list-disc pl-5">
                {state.phone ? <li>a code we text to {state.phone}</li> : null}
                {state.totp ? <li>a code from your authenticator app</li> : null}
                <li>or one of your recovery codes</li>
              </ul>
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted">
              Protect your account with a second step after your password: a code we text to your phone, or a code from an authenticator
              app.
            </p>
          )}
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <Field label="Password" name="password" type="password" autoComplete="current-password" error={result?.errors?.password} />
            {state.smsAvailable ? (
              <Field
                label="Mobile number for codes"
                name="phone"
                type="tel"
                autoComplete="tel"
                defaultValue={state.phone ? "" : profilePhone}
                placeholder="0803 123 4567"
                error={result?.errors?.phone}
              />
            ) : null}
            <div className="flex flex-wrap gap-3 sm:col-span-2">
              {state.smsAvailable ? (
                <button type="submit" name="intent" value="sms-start" className={buttonClass.primary}>
                  {state.phone ? "Text codes to this number instead" : "Text me a code"}
                </button>
              ) : null}
              {state.totp ? null : (
                <button
                  type="submit"
                  name="intent"
                  value="2fa-start"
                  className={state.smsAvailable ? buttonClass.outline : buttonClass.primary}
                >
                  Use an authenticator app
                </button>
              )}
              {state.phone && state.totp ? (
                <button type="submit" name="intent" value="sms-remove" className={buttonClass.outline}>
                  Stop texting me codes
                </button>
              ) : null}
              {state.enabled ? (
                <button type="submit" name="intent" value="2fa-disable" className={buttonClass.danger}>
                  Turn off
                </button>
              ) : null}
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
