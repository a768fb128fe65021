import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { JsFlag, useHydrated } from "./ui/js-flag";
import { useRootData } from "~/root";
import { AUTH_CONTEXTS, authContextFor, safeReturnTo, type TAuthContext } from "@domain/auth/auth-context";
import { isSecondStepMethod, SECOND_STEP_METHODS, type TSecondStep, type TSecondStepMethod } from "@domain/auth/second-factor";
import { SignUpFields } from "./forms/account-fields";
import { Field, FormError } from "./ui/field";
import { buttonClass } from "./ui/styles";
import { TermsConsent } from "./ui/terms-consent";
import { ZavChargePinResetForm, ZavChargeRegisterForm, ZavChargeSignInForm } from "./zavcharge/zavcharge-auth-forms";

type TTab = "login" | "register" | "forgot-password" | "two-factor";
type TResult = {
  formError?: string;
  fieldErrors?: Record<string, string>;
  step?: string;
  registered?: { message: string; next: string };
  sent?: string;
  secondStep?: TSecondStep;
};

/** The toast for a failed or successful submission (docs/product/accounts.md#auth-dialog), beside the inline messages. */
function useResultToast(result: TResult | undefined, failedTitle: string, fallback: string) {
  useEffect(() => {
    if (!result?.formError && !result?.fieldErrors) return;
    toast.error(failedTitle, { description: result.formError ?? fallback, duration: 5000 });
  }, [result, failedTitle, fallback]);
}

/** Hidden fields every auth form sends: whether JS is on, where to go next, and the dialog's context. */
function Hidden({ returnTo, context }: { returnTo: string; context: TAuthContext }) {
  return (
    <>
      <JsFlag />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="context" value={context} />
    </>
  );
}

function SignInForm({
  returnTo,
  context,
  onTwoFactor,
}: {
  returnTo: string;
  context: TAuthContext;
  onTwoFactor: (step: TSecondStep | undefined) => void;
}) {
  const fetcher = useFetcher<TResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  useResultToast(result, "Login Failed", "Please check your credentials and try again.");
  useEffect(() => {
    if (result?.step === "two-factor" && !result.formError && !result.fieldErrors) onTwoFactor(result.secondStep);
  }, [result, onTwoFactor]);
  return (
    <fetcher.Form method="post" action="/auth/sign-in" className="space-y-4" noValidate>
      <Hidden returnTo={returnTo} context={context} />
      <FormError message={result?.formError} />
      {/* Fixed ids: each label names its own field in the server's HTML and once the code runs. */}
      <Field id="sign-in-email" label="Email" name="email" type="email" autoComplete="email" required error={result?.fieldErrors?.email} />
      <Field
        id="sign-in-password"
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={result?.fieldErrors?.password}
      />
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
        {busy ? "Signing in..." : "Sign in"}
      </button>
    </fetcher.Form>
  );
}

const SECOND_STEP_TEXT: Record<TSecondStepMethod, { label: string; switchTo: string }> = {
  sms: { label: "Code from the text message", switchTo: "Text me a code instead" },
  totp: { label: "Authentication code", switchTo: "Use an authenticator code instead" },
  recovery: { label: "Recovery code", switchTo: "Use a recovery code" },
};

/**
 * The second sign-in step (docs/product/accounts.md#two-factor-authentication): a code texted to the verified phone, a
 * code from the authenticator app, or a recovery code. Without JavaScript the method is in the address and every
 * choice is offered; with it, only the account's own.
 */
function TwoFactorForm({
  returnTo,
  context,
  step,
  initialMethod,
}: {
  returnTo: string;
  context: TAuthContext;
  step: TSecondStep | null;
  initialMethod: TSecondStepMethod | null;
}) {
  const fetcher = useFetcher<TResult>();
  const sender = useFetcher<TResult>();
  const location = useLocation();
  const methods = step?.methods ?? SECOND_STEP_METHODS;
  const [method, setMethod] = useState<TSecondStepMethod>(initialMethod && methods.includes(initialMethod) ? initialMethod : methods[0]!);
  const busy = fetcher.state !== "idle";
  const sending = sender.state !== "idle";
  // An account whose only factor is its phone was texted a code with the password (or told why not): "Send a new code".
  const offerFirst = !!step && !step.sent && !step.notice && !sender.data;
  const hint: Record<TSecondStepMethod, string> = {
    sms: step?.phone
      ? `Enter the 6-digit code we sent by text message to ${step.phone}. It expires in 10 minutes.`
      : "Enter the 6-digit code we sent to your phone by text message. It expires in 10 minutes.",
    totp: "Open your authenticator app and enter the 6-digit code for Zavolah.",
    recovery: "Enter one of the recovery codes you saved when you turned on two-factor authentication.",
  };
  const methodHref = (m: TSecondStepMethod) => {
    const next = new URLSearchParams(location.search);
    next.set("tab", "two-factor");
    next.set("method", m);
    return `${location.pathname}?${next}`;
  };
  return (
    <div className="space-y-4">
      <fetcher.Form method="post" action="/auth/sign-in" className="space-y-4" noValidate>
        <Hidden returnTo={returnTo} context={context} />
        <input type="hidden" name="intent" value={method} />
        <p className="text-sm text-muted">{hint[method]}</p>
        {method === "sms" && step?.notice && !sender.data ? <FormError message={step.notice} /> : null}
        <FormError message={fetcher.data?.formError} />
        <Field
          key={method}
          id={`second-step-${method}`}
          label={SECOND_STEP_TEXT[method].label}
          name="code"
          inputMode={method === "recovery" ? "text" : "numeric"}
          autoComplete="one-time-code"
          required
          error={fetcher.data?.fieldErrors?.code}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </button>
      </fetcher.Form>
      {method === "sms" ? (
        <sender.Form method="post" action="/auth/sign-in" className="space-y-2">
          <Hidden returnTo={returnTo} context={context} />
          <input type="hidden" name="intent" value="sms-send" />
          {sender.data?.sent ? (
            <p role="status" className="text-sm text-brand">
              {sender.data.sent}
            </p>
          ) : null}
          <FormError message={sender.data?.formError} />
          <button type="submit" className={`${buttonClass.outline} w-full`} disabled={sending}>
            {sending ? "Sending..." : offerFirst ? "Text me a code" : "Send a new code"}
          </button>
        </sender.Form>
      ) : null}
      {methods
        .filter((m) => m !== method)
        .map((m) => (
          <Link
            key={m}
            to={methodHref(m)}
            replace
            preventScrollReset
            className={`${buttonClass.ghost} w-full`}
            onClick={(e) => (e.preventDefault(), setMethod(m))}
          >
            {SECOND_STEP_TEXT[m].switchTo}
          </Link>
        ))}
    </div>
  );
}

function RegisterForm({ returnTo, context }: { returnTo: string; context: TAuthContext }) {
  const fetcher = useFetcher<TResult>();
  const hydrated = useHydrated();
  const [role, setRole] = useState<"customer" | "staff">("customer");
  const [agreed, setAgreed] = useState(false);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data?.fieldErrors ?? {};
  useResultToast(fetcher.data, "Registration Failed", "Please check your information and try again.");
  if (fetcher.data?.registered) {
    return (
      <div className="space-y-3" role="status">
        <p className="text-lg font-semibold text-brand">{fetcher.data.registered.message}</p>
        <p className="text-sm text-muted">{fetcher.data.registered.next}</p>
      </div>
    );
  }
  // The role picker shows in the general context only; other contexts register customers.
  const showRoles = context === "general";
  return (
    <fetcher.Form method="post" action="/auth/sign-up" className="space-y-4" noValidate>
      <Hidden returnTo={returnTo} context={context} />
      <FormError message={fetcher.data?.formError} />
      <SignUpFields errors={errors} phoneHint="Nigerian mobile number" />
      {showRoles ? (
        <fieldset>
          <legend className="mb-1 text-sm font-medium">I am registering as</legend>
          <div className="flex gap-4">
            {(["customer", "staff"] as const).map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="role"
                  value={r}
                  checked={role === r}
                  onChange={() => setRole(r)}
                  className="h-4 w-4 accent-[var(--brand)]"
                />
                {r === "customer" ? "Customer" : "Staff member"}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {showRoles && (role === "staff" || !hydrated) ? (
        <Field
          label="Staff code"
          name="staffCode"
          autoComplete="off"
          error={errors.staffCode}
          hint="Staff only: the code an administrator gave you"
        />
      ) : null}
      {role === "customer" || !hydrated ? (
        <details open={!!errors.referralCode} className="text-sm">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Have a referral code?</summary>
          <Field
            label="Referral code (optional)"
            name="referralCode"
            autoComplete="off"
            autoCapitalize="characters"
            error={errors.referralCode}
            hint="From the friend who told you about us, like ZV3K-7M2Q"
          />
        </details>
      ) : null}
      <TermsConsent checked={agreed} onChange={(e) => setAgreed(e.target.checked)} error={errors.agreedToTerms} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="agreedToNewsletter" className="mt-1 h-4 w-4 accent-[var(--brand)]" />
        <span>Send me news and offers by e-mail (you can unsubscribe at any time)</span>
      </label>
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy || (hydrated && !agreed)}>
        {busy ? "Creating account..." : "Create account"}
      </button>
    </fetcher.Form>
  );
}

function ForgotForm({ returnTo, context, onBack }: { returnTo: string; context: TAuthContext; onBack: () => void }) {
  const fetcher = useFetcher<TResult>();
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher.data, "Password Reset Failed", "Failed to send password reset email.");
  const sent = fetcher.data?.sent;
  useEffect(() => {
    if (sent) toast.success("Password Reset Email Sent", { duration: 4000 });
  }, [sent]);
  if (fetcher.data?.sent) {
    return (
      <div className="space-y-4" role="status">
        <p className="text-lg font-semibold text-brand">Password reset email sent!</p>
        <p className="text-sm text-muted">
          If {fetcher.data.sent} has a Zavolah account, a link to choose a new password is on its way. It expires in one hour.
        </p>
        <button type="button" className={`${buttonClass.outline} w-full`} onClick={onBack}>
          Back to sign in
        </button>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" action="/auth/forgot-password" className="space-y-4" noValidate>
      <Hidden returnTo={returnTo} context={context} />
      <p className="text-sm text-muted">Enter the e-mail you registered with and we will send you a link to reset your password.</p>
      <FormError message={fetcher.data?.formError} />
      <Field label="Email" name="email" type="email" autoComplete="email" required error={fetcher.data?.fieldErrors?.email} />
      <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
        {busy ? "Sending..." : "Send reset link"}
      </button>
    </fetcher.Form>
  );
}

const TABS: { id: Exclude<TTab, "two-factor">; label: string }[] = [
  { id: "login", label: "Sign in" },
  { id: "register", label: "Register" },
  { id: "forgot-password", label: "Forgot password" },
];

/**
 * The auth dialog (docs/product/accounts.md#auth-dialog): opened by ?login=true for a signed-out visitor, with five contexts and three
 * tabs. The URL holds its state, so it also works before JavaScript loads.
 */
export function AuthDialog() {
  const root = useRootData();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  // Its code arrives after the page's (auth-dialog-slot.tsx): until then its forms post without JavaScript.
  const ready = useHydrated();
  const open = params.get("login") === "true" && !root?.viewer;
  const [tab, setTab] = useState<TTab>((params.get("tab") as TTab) ?? "login");
  const [secondStep, setSecondStep] = useState<TSecondStep | null>(null);
  const methodParam = params.get("method");
  useEffect(() => setTab((params.get("tab") as TTab) ?? "login"), [params]);

  const returnTo = safeReturnTo(params.get("returnTo")) ?? "";
  const contextParam = params.get("context");
  const asked: TAuthContext =
    contextParam && contextParam in AUTH_CONTEXTS ? (contextParam as TAuthContext) : authContextFor(returnTo || location.pathname);
  // With ZavCharge switched off, its context (PIN sign-in, driver registration) goes away with its pages.
  const context: TAuthContext = asked === "zavcharge" && !root?.site.zavChargeEnabled ? "general" : asked;
  const info = AUTH_CONTEXTS[context];
  // The ZavCharge context signs in with the subscription id and PIN; the e-mail and password stay one click away.
  const [byPassword, setByPassword] = useState(false);
  const zavcharge = context === "zavcharge" && !byPassword;

  const closeHref = (() => {
    const next = new URLSearchParams(params);
    ["login", "tab", "returnTo", "context", "step", "id"].forEach((k) => next.delete(k));
    const q = next.toString();
    return location.pathname + (q ? `?${q}` : "");
  })();
  const tabHref = (id: TTab) => {
    const next = new URLSearchParams(params);
    next.set("tab", id);
    return `${location.pathname}?${next}`;
  };
  const close = () => navigate(closeHref, { replace: true, preventScrollReset: true });

  useEffect(() => {
    if (!open) return;
    // The first field takes the focus, unless the person is already in one: a dialog sent by the server can be typed
    // into before its code arrives, and moving the focus then would put the rest of a password into the e-mail field.
    const active = document.activeElement;
    const typing = active instanceof HTMLElement && active.matches("input, select, textarea") && panelRef.current?.contains(active);
    if (!typing) panelRef.current?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
    // Escape closes; Tab stays inside the dialog (a modal must not let focus wander behind it).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") return close();
      if (e.key !== "Tab" || !panelRef.current) return;
      const focusable = [
        ...panelRef.current.querySelectorAll<HTMLElement>(
          "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), [tabindex]:not([tabindex='-1'])",
        ),
      ];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, tab]);

  if (!open) return null;
  return (
    <div
      role="presentation"
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-0 sm:items-center sm:p-4"
      onClick={(e) => e.target === e.currentTarget && close()}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="auth-title"
        data-ready={ready ? "true" : undefined}
        className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl border border-line bg-surface p-5 shadow-2xl sm:max-w-md sm:rounded-2xl sm:p-6"
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <span className="inline-block rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-contrast">
              {info.badge}
            </span>
            <h2 id="auth-title" className="mt-2 text-xl font-bold">
              {tab === "two-factor" ? "Two-factor authentication" : info.title}
            </h2>
            <p className="mt-1 text-sm text-muted">{info.description}</p>
          </div>
          <Link
            to={closeHref}
            replace
            preventScrollReset
            className={buttonClass.ghost}
            aria-label="Close"
            onClick={(e) => (e.preventDefault(), close())}
          >
            <X className="h-5 w-5" aria-hidden />
          </Link>
        </div>
        {tab !== "two-factor" ? (
          <div role="tablist" aria-label="Account" className="mb-5 grid grid-cols-3 gap-1 rounded-xl bg-surface-2 p-1">
            {TABS.map((t) => (
              <Link
                key={t.id}
                to={tabHref(t.id)}
                replace
                preventScrollReset
                role="tab"
                aria-selected={tab === t.id}
                aria-controls={`auth-panel-${t.id}`}
                id={`auth-tab-${t.id}`}
                onClick={(e) => (e.preventDefault(), setTab(t.id))}
                className={`flex min-h-11 items-center justify-center rounded-lg px-2 text-center text-xs font-semibold sm:text-sm ${tab === t.id ? "bg-surface text-fg shadow" : "text-muted hover:text-fg"}`}
              >
                {zavcharge && t.id === "forgot-password" ? "Forgot PIN" : t.label}
              </Link>
            ))}
          </div>
        ) : null}
        <div role="tabpanel" id={`auth-panel-${tab}`} aria-labelledby={tab === "two-factor" ? "auth-title" : `auth-tab-${tab}`}>
          {zavcharge ? (
            <>
              {tab === "login" ? <ZavChargeSignInForm onUsePassword={() => setByPassword(true)} /> : null}
              {tab === "register" ? <ZavChargeRegisterForm /> : null}
              {tab === "forgot-password" ? (
                <ZavChargePinResetForm
                  onBack={() => setTab("login")}
                  initialId={params.get("id") ?? ""}
                  codeStep={params.get("step") === "code"}
                />
              ) : null}
            </>
          ) : (
            <>
              {tab === "login" ? (
                <SignInForm
                  returnTo={returnTo}
                  context={context}
                  onTwoFactor={(step) => {
                    setSecondStep(step ?? null);
                    setTab("two-factor");
                  }}
                />
              ) : null}
              {tab === "two-factor" ? (
                <TwoFactorForm
                  returnTo={returnTo}
                  context={context}
                  step={secondStep}
                  initialMethod={isSecondStepMethod(methodParam) ? methodParam : null}
                />
              ) : null}
              {tab === "register" ? <RegisterForm returnTo={returnTo} context={context} /> : null}
              {tab === "forgot-password" ? <ForgotForm returnTo={returnTo} context={context} onBack={() => setTab("login")} /> : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
