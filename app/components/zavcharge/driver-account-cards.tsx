import { Pencil } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { formatKobo } from "@domain/money/money";
import { PIN_SESSION_REFUSALS, WELCOME_CREDIT_KOBO, type TDriverSignIn } from "@domain/zavcharge/accounts/account-rules";
import { Field, FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// The driver's account cards on the ZavCharge dashboard (docs/product/zavcharge.md#accounts): the details and their
// edit form, confirming the phone for the welcome, unlocking PIN sign-in, closing the account. Each form names its
// intent for the dashboard's action.

/** The details the card shows and edits; how the driver signed in decides what may change. */
export type TDriverDetails = { name: string; email: string; phone: string; via: TDriverSignIn };

export function DetailsCard({ account }: { account: TDriverDetails }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError, answer } = useActionToast(fetcher);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (answer?.ok && fetcher.state === "idle") setEditing(false);
  }, [answer, fetcher.state]);
  return (
    <section aria-labelledby="zc-details" className={cardClass}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="zc-details" className="text-lg font-bold">
          Account information
        </h2>
        {!editing ? (
          <button type="button" className={buttonClass.ghost} onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </button>
        ) : null}
      </div>
      {editing ? (
        <fetcher.Form method="post" className="mt-3 space-y-4" noValidate>
          <JsFlag />
          <input type="hidden" name="intent" value="update" />
          <FormError message={formError} />
          <Field label="Full name" name="name" defaultValue={account.name} autoComplete="name" required error={fieldError("name")} />
          {account.via === "password" ? (
            <Field
              label="Phone"
              name="phone"
              type="tel"
              defaultValue={account.phone}
              autoComplete="tel"
              required
              error={fieldError("phone")}
            />
          ) : (
            <p className="text-sm">
              <input type="hidden" name="phone" value={account.phone} />
              <span className="text-muted">Phone:</span> <strong>{account.phone}</strong>
              <br />
              <span className="text-muted">{PIN_SESSION_REFUSALS.phone}</span>
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? "Saving..." : "Save changes"}
            </button>
            <button type="button" className={buttonClass.outline} onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Name</dt>
            <dd className="font-medium">{account.name}</dd>
          </div>
          <div>
            <dt className="text-muted">Email</dt>
            <dd className="break-all font-medium">{account.email}</dd>
          </div>
          <div>
            <dt className="text-muted">Phone</dt>
            <dd className="font-medium">{account.phone}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

export function CloseAccount({ balanceKobo, via }: { balanceKobo: number; via: TDriverSignIn }) {
  if (via !== "password")
    return (
      <section aria-labelledby="zc-close" className={cardClass}>
        <h2 id="zc-close" className="text-lg font-bold">
          Delete account
        </h2>
        <p className="mt-2 text-sm text-muted">{PIN_SESSION_REFUSALS.close}</p>
        <Link to="/?login=true&returnTo=%2Fzavcharge%2Fdashboard" className={`${buttonClass.outline} mt-3`}>
          Sign in with e-mail and password
        </Link>
      </section>
    );
  return (
    <section aria-labelledby="zc-close" className={`${cardClass} border-danger/40`}>
      <h2 id="zc-close" className="text-lg font-bold">
        Delete account
      </h2>
      <p className="mt-2 text-sm text-muted">
        Your remaining balance is <strong className="text-fg">{formatKobo(balanceKobo)}</strong>. Deleting erases your details and PIN; your
        payment records are kept without your name, as the law requires.
      </p>
      <details className="mt-3">
        <summary className={`${buttonClass.outline} cursor-pointer list-none text-danger`}>Delete my ZavCharge account</summary>
        <Form method="post" className="mt-3 space-y-3 rounded-xl bg-surface-2 p-4">
          <input type="hidden" name="intent" value="close" />
          <p className="font-semibold" role="note">
            Are you sure you want to delete your account? This action cannot be undone.
          </p>
          {balanceKobo > 0 ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="requestRefund" defaultChecked className="mt-1 h-4 w-4 accent-[var(--brand)]" />
              <span>Refund my remaining {formatKobo(balanceKobo)} to me</span>
            </label>
          ) : null}
          <button type="submit" className={buttonClass.danger}>
            Yes, delete my account
          </button>
        </Form>
      </details>
    </section>
  );
}

/** The welcome waits for the code texted to the phone (docs/product/zavcharge.md#welcome-credit). */
export function ConfirmPhone({ maskedPhone: phone }: { maskedPhone: string }) {
  const prove = useFetcher<TActionAnswer>();
  const resend = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(prove);
  const { busy: sending } = useActionToast(resend, { errors: "toast" });
  return (
    <section aria-labelledby="zc-confirm-phone" className={`${cardClass} border-accent/50`} data-testid="confirm-phone">
      <h2 id="zc-confirm-phone" className="text-lg font-bold">
        Confirm your phone to get your welcome
      </h2>
      <p className="mt-2 text-sm text-muted">
        Enter the 6-digit code we texted to <strong className="text-fg">{phone}</strong> to receive your {formatKobo(WELCOME_CREDIT_KOBO)}{" "}
        welcome credit and your first month free.
      </p>
      <prove.Form method="post" className="mt-3 flex flex-wrap items-end gap-3" noValidate>
        <JsFlag />
        <input type="hidden" name="intent" value="prove-phone" />
        <FormError message={formError} />
        <Field
          label="Code from the text message"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={fieldError("code")}
        />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? "Checking..." : "Confirm my phone"}
        </button>
      </prove.Form>
      <resend.Form method="post" className="mt-2">
        <JsFlag />
        <input type="hidden" name="intent" value="send-phone-code" />
        <button type="submit" className={buttonClass.ghost} disabled={sending}>
          {sending ? "Sending..." : "Send a new code"}
        </button>
      </resend.Form>
    </section>
  );
}

/** Wrong PINs from several places stopped PIN entry on the account (docs/product/zavcharge.md#wrong-pins). */
export function PinPaused() {
  return (
    <section aria-labelledby="zc-pin-paused" className={`${cardClass} border-danger/40`} role="alert">
      <h2 id="zc-pin-paused" className="text-lg font-bold">
        PIN sign-in is paused
      </h2>
      <p className="mt-2 text-sm text-muted">
        Many wrong PINs were tried on your account from different places, so your PIN does not work at stations for now. If it was not you,
        choose a new PIN with Forgot PIN after unlocking.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="unlock-pin" />
        <button type="submit" className={buttonClass.primary}>
          Unlock PIN sign-in
        </button>
      </Form>
    </section>
  );
}
