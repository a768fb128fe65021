import { BatteryCharging, Download, History, LogOut, Pencil, RefreshCw, Wallet } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { Route } from "./+types/dashboard";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { PIN_SESSION_REFUSALS, WELCOME_CREDIT_KOBO, type TDriverSignIn } from "@domain/zavcharge/accounts/account-rules";
import { maskedPhone } from "@domain/auth/second-factor";
import { ZSmsCode } from "@domain/auth/auth-input";
import { formatEnergy } from "@domain/zavcharge/sessions/session-rules";
import { WALLET_ENTRY_LABELS } from "@domain/zavcharge/wallet/wallet-rules";
import { parseThen } from "@domain/errors/app-error";
import { ZCloseDriverAccount, ZDriverDetails } from "@domain/zavcharge/accounts/account-input";
import { ZDriverStartForm, ZDriverStopForm } from "@domain/zavcharge/chargers/charger-input";
import { closeDriverAccount } from "@server/zavcharge/accounts/close-driver-account";
import { listRemoteStartOptions } from "@server/zavcharge/sessions/list-remote-start-options";
import { startRemoteCharging } from "@server/zavcharge/sessions/start-remote-charging";
import { stopRemoteCharging } from "@server/zavcharge/sessions/stop-remote-charging";
import { getDriverDashboard } from "@server/zavcharge/accounts/get-driver-dashboard";
import { clearPinSessionCookie } from "@server/zavcharge/accounts/pin-session-cookie";
import { isPinSignInPaused, unlockPinSignIn } from "@server/zavcharge/accounts/unlock-pin-sign-in";
import { updateDriverDetails } from "@server/zavcharge/accounts/update-driver-details";
import { proveDriverPhone, sendDriverPhoneCode } from "@server/zavcharge/accounts/prove-driver-phone";
import { clientDevice } from "@server/http/client-ip";
import { Field, FormError } from "~/components/ui/field";
import { ChargeNow } from "~/components/zavcharge/charge-now";
import { StateBadge } from "~/components/zavcharge/state-badge";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireDriver } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { toast } from "~/lib/toast";

/** The fields of the start and close forms, where their messages show. */
const START_FIELDS = ["place", "limitKind", "limitValue"] as const;
const CLOSE_FIELDS = ["requestRefund"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const driver = requireDriver(context);
  return {
    account: {
      code: driver.code,
      name: driver.name,
      email: driver.email,
      phone: driver.phone,
      state: driver.state,
      balanceKobo: driver.balanceKobo,
      planName: driver.plan.name,
      planExpiresAt: driver.planExpiresAt,
      via: driver.via,
      welcomeAwaitsPhone: driver.welcomeAwaitsPhone,
      maskedPhone: driver.phone ? maskedPhone(driver.phone) : "",
    },
    ...(await getDriverDashboard(driver.id)),
    startOptions: await listRemoteStartOptions(),
    pinPaused: driver.via === "password" && (await isPinSignInPaused(driver.code)),
  };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge/dashboard", args);

/**
 * The dashboard's writes (docs/product/zavcharge.md#accounts): start and stop charging, confirm the phone for the
 * welcome, unlock PIN sign-in, edit the details, close the account.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const driver = requireDriver(context);
  const fields = await readForm(request);
  if (fields.intent === "start") {
    const result = await parseThen(ZDriverStartForm, fields, START_FIELDS, (input) =>
      startRemoteCharging({ accountId: driver.id, ...input }),
    );
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "The charger is starting", description: "Charging begins in a few seconds." }),
      failedTitle: "Could not start charging",
    });
  }
  if (fields.intent === "stop") {
    const result = await parseThen(ZDriverStopForm, fields, [], (input) => stopRemoteCharging(driver.id, input.sessionId));
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "The charger is stopping", description: "Your receipt follows in a moment." }),
      failedTitle: "Could not stop charging",
    });
  }
  // The welcome waiting for the phone (docs/product/zavcharge.md#welcome-credit): its texted code, or a new one.
  if (fields.intent === "prove-phone") {
    const result = await parseThen(ZSmsCode, fields, ["code"], (input) => proveDriverPhone(driver, input.code, clientDevice(request)));
    return actionResponse(request, fields, result, {
      done: (r) =>
        r.welcomeCreditKobo > 0
          ? {
              type: "success",
              title: "Phone confirmed",
              description: `${formatKobo(r.welcomeCreditKobo)} welcome credit added, and your first month is free.`,
            }
          : {
              type: "info",
              title: "Phone confirmed",
              description: "The welcome bonus goes once per person: top up and choose a plan to start charging.",
            },
      failedTitle: "Phone not confirmed",
    });
  }
  if (fields.intent === "send-phone-code") {
    const result = await sendDriverPhoneCode(driver);
    return actionResponse(request, fields, result, {
      done: (r) => ({ type: "success", title: "Code sent", description: `We texted a new code to ${r.phone}.` }),
      failedTitle: "No code sent",
    });
  }
  if (fields.intent === "unlock-pin") {
    const result = await unlockPinSignIn(driver);
    return actionResponse(request, fields, result, {
      done: () => ({ type: "success", title: "PIN sign-in unlocked", description: "Your PIN works again at stations and on this site." }),
      failedTitle: "Could not unlock PIN sign-in",
    });
  }
  if (fields.intent === "close") {
    const result = await parseThen(ZCloseDriverAccount, fields, CLOSE_FIELDS, async (input) => {
      const closed = await closeDriverAccount(driver.id, { ...input, signedInWith: driver.via });
      return closed.ok ? { ...closed, refundAsked: input.requestRefund && closed.balanceKobo > 0 } : closed;
    });
    if (!result.ok) return actionResponse(request, fields, result, { done: () => "", failedTitle: "Could not delete the account" });
    const headers = new Headers({ "Set-Cookie": clearPinSessionCookie(request) });
    const refund = result.refundAsked;
    return redirectWithFlash(
      "/zavcharge",
      {
        type: "success",
        title: "Account deleted successfully",
        description: refund ? `We will refund your ${formatKobo(result.balanceKobo)} balance and contact you about it.` : undefined,
      },
      headers,
    );
  }
  const result = await parseThen(ZDriverDetails, fields, ["name", "phone"], (input) => updateDriverDetails(driver.id, input, driver.via));
  return actionResponse(request, fields, result, {
    done: () => "Account updated successfully",
    failedTitle: "Could not update the account",
  });
}

function DetailsCard({ account }: { account: Route.ComponentProps["loaderData"]["account"] }) {
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

function CloseAccount({ balanceKobo, via }: { balanceKobo: number; via: TDriverSignIn }) {
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
function ConfirmPhone({ maskedPhone: phone }: { maskedPhone: string }) {
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
function PinPaused() {
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

export default function ZavChargeDashboard({ loaderData }: Route.ComponentProps) {
  const { account, entries, sessions, live, startOptions, pinPaused } = loaderData;
  const expires = account.planExpiresAt ? new Date(account.planExpiresAt) : null;
  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent">ZavCharge</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">My ZavCharge</h1>
          <p className="mt-1 text-sm text-muted">
            Subscription ID{" "}
            <strong className="font-mono text-fg" data-testid="subscription-id">
              {account.code}
            </strong>{" "}
            <StateBadge state={account.state} />
          </p>
        </div>
        {account.via === "pin" ? (
          <Form method="post" action="/zavcharge/sign-out">
            <button type="submit" className={buttonClass.outline}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign out
            </button>
          </Form>
        ) : null}
      </header>

      {pinPaused ? <PinPaused /> : null}
      {account.welcomeAwaitsPhone ? <ConfirmPhone maskedPhone={account.maskedPhone} /> : null}

      <section aria-labelledby="zc-balance" className={`${cardClass} bg-gradient-to-br from-brand/10 to-transparent`}>
        <h2 id="zc-balance" className="inline-flex items-center gap-2 text-sm font-semibold text-muted">
          <Wallet className="h-4 w-4" aria-hidden /> Balance
        </h2>
        <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="zavcharge-balance">
          {formatKobo(account.balanceKobo)}
        </p>
        <p className="mt-1 text-sm text-muted">
          {expires
            ? `${account.planName} plan, ${account.state === "expired" ? "ended" : "until"} ${formatLagosDate(expires)}`
            : account.welcomeAwaitsPhone
              ? `Your free first ${account.planName} month starts once your phone is confirmed`
              : "No plan running yet: renew a plan to start charging"}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Link to="/zavcharge/top-up" className={buttonClass.primary}>
            <Wallet className="h-4 w-4" aria-hidden /> Top up
          </Link>
          <Link to="/zavcharge/renew" className={buttonClass.outline}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Renew plan
          </Link>
          <a
            href="/zavcharge/statement.csv"
            download
            className={buttonClass.outline}
            onClick={() => toast.success("Statement downloaded successfully", { duration: 3000 })}
          >
            <Download className="h-4 w-4" aria-hidden /> Statement
          </a>
          <Link to="/zavcharge/history" className={buttonClass.outline}>
            <History className="h-4 w-4" aria-hidden /> History
          </Link>
        </div>
      </section>

      <ChargeNow live={live} stations={startOptions} viaSiteAccount={account.via === "password"} />

      <DetailsCard account={account} />

      <div className="grid gap-5 md:grid-cols-2">
        <section aria-labelledby="zc-wallet" className={cardClass}>
          <h2 id="zc-wallet" className="text-lg font-bold">
            Wallet activity
          </h2>
          {entries.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No wallet activity yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {entries.map((e) => (
                <li key={e.id} className="flex items-start justify-between gap-3 py-2">
                  <div>
                    <p className="font-medium">{WALLET_ENTRY_LABELS[e.kind]}</p>
                    <p className="text-xs text-muted">
                      {e.description} · {formatLagosDateTime(e.createdAt)}
                    </p>
                  </div>
                  <div className="text-right tabular-nums">
                    <p className={e.amountKobo > 0 ? "font-semibold text-emerald-700 dark:text-emerald-400" : "font-semibold"}>
                      {e.amountKobo > 0 ? "+" : "−"}
                      {formatKobo(Math.abs(e.amountKobo))}
                    </p>
                    <p className="text-xs text-muted">Balance {formatKobo(e.balanceAfterKobo)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="zc-sessions" className={cardClass}>
          <h2 id="zc-sessions" className="inline-flex items-center gap-2 text-lg font-bold">
            <BatteryCharging className="h-5 w-5 text-accent" aria-hidden /> Recent charging
          </h2>
          {sessions.length === 0 ? (
            <p className="mt-3 text-sm text-muted">
              No charging sessions yet.{" "}
              <Link to="/zavcharge" className="text-brand underline">
                Find a station
              </Link>
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-line text-sm">
              {sessions.map((s) => (
                <li key={s.id} className="flex items-start justify-between gap-3 py-2">
                  <div>
                    <p className="font-medium">
                      {s.station}, slot {s.slotNumber}
                    </p>
                    <p className="text-xs text-muted">{formatLagosDateTime(s.startedAt)}</p>
                  </div>
                  <p className="text-right tabular-nums">
                    {s.status === "active" ? (
                      <span className="font-semibold text-accent">Charging now</span>
                    ) : (
                      <>
                        {s.energyWh !== null ? formatEnergy(s.energyWh) : ""}
                        <br />
                        <span className="text-xs text-muted">{s.costKobo !== null ? formatKobo(s.costKobo) : ""}</span>
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <CloseAccount balanceKobo={account.balanceKobo} via={account.via} />
    </div>
  );
}
