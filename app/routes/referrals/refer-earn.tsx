import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/refer-earn";
import { formatKobo } from "@domain/money/money";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { COMMISSION_STATUSES, type TCommissionStatus } from "@domain/referrals/commission";
import { displayReferralCode, REFERRAL_REFUSALS, shareLinks } from "@domain/referrals/referral";
import { formatLagosDate } from "@domain/time/lagos-time";
import { JsFlag } from "~/components/ui/js-flag";
import { Field } from "~/components/ui/field";
import { BankAccountFields } from "~/components/payments/bank-account-fields";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { getSettingsFrom, getViewerFrom, requireUser } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";
import { getReferralPage, type TInvitedState } from "@server/referrals/get-referral-page";
import { payOutReferralBalance } from "@server/referrals/pay-out-referral-balance";
import { saveReferralPayoutAccount } from "@server/referrals/save-referral-payout-account";
import { clientIp } from "@server/http/client-ip";

// Refer and earn (docs/product/refer-and-earn.md#the-page): a signed-in customer's link, ways to share it and who
// joined with it; visitors read how it works and are asked to sign in. The route table turns the page off with the
// programme (feature "referEarn").

const SHARE_MESSAGE = "I buy solar, smart furniture and EV charging from Zavolah. Join with my link:";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = getSettingsFrom(context);
  const viewer = getViewerFrom(context);
  const terms = settings.referralTerms;
  if (!viewer) return { signedIn: false as const, terms };
  const page = await getReferralPage(viewer.id);
  return { signedIn: true as const, terms, ...page, share: shareLinks(page.link, SHARE_MESSAGE) };
}

/** Saving the bank account payouts go to, or a payout of the balance the page showed (checked again by the server). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(context, request);
  const fields = await readForm(request);
  if (fields.intent === "bank-account") {
    const saved = await saveReferralPayoutAccount(viewer.id, clientIp(request), fields);
    return actionResponse(request, fields, saved, {
      done: (r) => ({
        type: "success",
        title: "Bank account saved",
        description: r.verified
          ? `Payouts to your bank go to ${r.accountName}.`
          : `Payouts to your bank go to ${r.accountName}. We check the name before the first transfer.`,
      }),
      failedTitle: "Bank account not saved",
    });
  }
  const result = await payOutReferralBalance(viewer.id, fields);
  return actionResponse(request, fields, result, {
    done: (r) =>
      r.destination === "wallet"
        ? { type: "success", title: "Paid into your ZavCharge wallet", description: `${formatKobo(r.amountKobo)} is in your wallet now.` }
        : {
            type: "success",
            title: "Payout to your bank requested",
            description: `We will send ${formatKobo(r.amountKobo)} to ${r.accountName}, usually within two working days. We tell you when it is sent.`,
          },
    failedTitle: "Payout not made",
  });
}

export const meta: Route.MetaFunction = (args) => metaFor("/refer-earn", args);

export default function ReferEarn({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Refer &amp; Earn</p>
        <h1 className="mt-2 text-3xl font-bold">Share Zavolah, earn when friends buy</h1>
        <p className="mt-2 text-muted">
          Send your link to friends and family. When someone joins with it and pays for an order, you earn a commission.
        </p>
      </header>
      {loaderData.signedIn ? <YourLink data={loaderData} /> : <SignInFirst />}
      <section className={cardClass} aria-labelledby="terms-title">
        <h2 id="terms-title" className="text-lg font-semibold">
          How it works
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm text-muted">{loaderData.terms}</p>
      </section>
    </section>
  );
}

function SignInFirst() {
  return (
    <div className={cardClass}>
      <p>Sign in to get your own referral link and see who joined with it.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/refer-earn?login=true&returnTo=%2Frefer-earn" className={buttonClass.primary}>
          Sign in
        </Link>
        <Link to="/refer-earn?login=true&tab=register&returnTo=%2Frefer-earn" className={buttonClass.outline}>
          Create an account
        </Link>
      </div>
    </div>
  );
}

type TSignedIn = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function YourLink({ data }: { data: TSignedIn }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <section className={`${cardClass} grid gap-6 sm:grid-cols-[1fr_auto]`} aria-labelledby="link-title">
        <div className="min-w-0 space-y-4">
          <h2 id="link-title" className="text-lg font-semibold">
            Your link
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              value={data.link}
              aria-label="Your referral link"
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-surface-2 px-3 text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" onClick={copy} className={buttonClass.primary}>
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
          <p className="text-sm" aria-live="polite">
            {copied ? "Your link is copied: paste it in a message." : null}
          </p>
          <p className="text-sm text-muted">
            Or give your code: <strong className="font-mono text-base text-fg">{displayReferralCode(data.code)}</strong>. Friends type it
            when they create their account.
          </p>
          <nav aria-label="Share your link">
            <ul className="flex flex-wrap gap-2">
              {data.share.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    className={buttonClass.outline}
                    target={s.href.startsWith("http") ? "_blank" : undefined}
                    rel="noopener noreferrer"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <figure className="justify-self-center text-center">
          <div
            className="rounded-lg bg-white p-2"
            role="img"
            aria-label="QR code of your referral link"
            dangerouslySetInnerHTML={{ __html: data.qrSvg }}
          />
          <figcaption className="mt-2 text-xs text-muted">Scan to open your link</figcaption>
        </figure>
      </section>

      <Earnings data={data} />

      <section className={cardClass} aria-labelledby="invited-title">
        <h2 id="invited-title" className="text-lg font-semibold">
          Friends who joined
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <div className="rounded-lg bg-surface-2 p-3">
            <dt className="text-xs text-muted">Times your link was opened</dt>
            <dd className="text-2xl font-bold" data-testid="link-opens">
              {data.opens.toLocaleString("en-NG")}
            </dd>
          </div>
          <div className="rounded-lg bg-surface-2 p-3">
            <dt className="text-xs text-muted">Joined with your link or code</dt>
            <dd className="text-2xl font-bold" data-testid="joined-count">
              {data.joined.toLocaleString("en-NG")}
            </dd>
          </div>
        </dl>
        {data.invited.length === 0 ? (
          <p className="mt-4 text-sm text-muted">Nobody has joined with your link yet. Share it above: it works on any page of the site.</p>
        ) : (
          <ul className="mt-4 divide-y divide-line" aria-label="Invited friends">
            {data.invited.map((p, i) => (
              <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 py-3" data-testid="invited-person">
                <span className="font-medium">{p.name}</span>
                <span className={`text-sm ${p.refusal ? "text-danger" : "text-muted"}`}>
                  {p.refusal ? REFERRAL_REFUSALS[p.refusal] : `${INVITED_STATE[p.state]} · joined ${formatLagosDate(p.joinedAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

const INVITED_STATE: Record<TInvitedState, string> = {
  signed_up: "Signed up",
  first_purchase: "Made a purchase",
  qualified: "Qualified",
  under_review: "Being checked by our team",
};

const STATUS_TONE: Record<TCommissionStatus, string> = {
  pending: "bg-surface-2 text-fg",
  approved: "bg-brand/15 text-brand",
  paid: "bg-brand/15 text-brand",
  reversed: "bg-danger/10 text-danger",
  refused: "bg-danger/10 text-danger",
};

/** The balance, the payout form, the commissions by state, payouts and points (refer-and-earn.md#the-page). */
function Earnings({ data }: { data: TSignedIn }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  const p = data.programme;
  const pending = data.totalsByStatus.pending ?? 0;
  const error = formError ?? fieldError("amountKobo") ?? fieldError("destination");
  return (
    <section className={cardClass} aria-labelledby="earnings-title">
      <h2 id="earnings-title" className="text-lg font-semibold">
        Your earnings
      </h2>
      <p className="mt-1 text-sm text-muted">
        You earn {p.ratePercent}% of what friends pay for their orders in their first {p.windowMonths} months, before VAT and delivery. Each
        commission is held for {p.holdDays} days after the order is delivered (or paid, for courses and plans) in case it is refunded, then
        approved.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="rounded-lg bg-surface-2 p-3">
          <dt className="text-xs text-muted">Balance you can be paid</dt>
          <dd className={`text-2xl font-bold tabular-nums ${data.balanceKobo < 0 ? "text-danger" : ""}`} data-testid="referral-balance">
            {formatKobo(data.balanceKobo)}
          </dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-3">
          <dt className="text-xs text-muted">Held (pending)</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="referral-pending">
            {formatKobo(pending)}
          </dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-3">
          <dt className="text-xs text-muted">Paid to you so far</dt>
          <dd className="text-2xl font-bold tabular-nums">
            {formatKobo(data.payouts.filter((x) => x.status === "paid").reduce((sum, x) => sum + x.amountKobo, 0))}
          </dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-3">
          <dt className="text-xs text-muted">Points</dt>
          <dd className="text-2xl font-bold tabular-nums" data-testid="referral-points">
            {data.points}
          </dd>
          {data.badge ? <dd className="text-xs font-semibold text-accent">{data.badge}</dd> : null}
        </div>
      </dl>
      {data.balanceKobo < 0 ? (
        <p className="mt-3 text-sm text-danger">
          A refund came after a commission was paid to you, so your balance is below zero. New commissions make it up first.
        </p>
      ) : null}
      <fetcher.Form method="post" className="mt-4 space-y-2" aria-label="Pay out your balance">
        <JsFlag />
        <input type="hidden" name="amountKobo" value={data.balanceKobo} />
        <p className="text-sm text-muted">
          Payouts go to your ZavCharge wallet at once, or to your bank account within two working days, from {formatKobo(p.minPayoutKobo)},
          once {p.minReferrals} {p.minReferrals === 1 ? "friend has" : "friends have"} qualified.
          {data.hasWallet ? null : (
            <>
              {" "}
              To be paid into a wallet, first{" "}
              <Link to="/zavcharge/join" className="text-accent underline">
                join ZavCharge
              </Link>
              .
            </>
          )}
        </p>
        {data.balanceKobo > 0 ? (
          <div className="flex flex-wrap gap-2">
            {data.hasWallet ? (
              <button type="submit" name="destination" value="wallet" className={buttonClass.primary} disabled={busy}>
                {busy ? "Paying…" : `Pay ${formatKobo(data.balanceKobo)} into my ZavCharge wallet`}
              </button>
            ) : null}
            {data.payoutAccount ? (
              <button
                type="submit"
                name="destination"
                value="bank"
                className={data.hasWallet ? buttonClass.outline : buttonClass.primary}
                disabled={busy}
              >
                {`Send ${formatKobo(data.balanceKobo)} to my bank account`}
              </button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm font-medium">Nothing to pay out yet: approved commissions come here.</p>
        )}
        {error ? (
          <p className="text-sm text-danger" role="alert">
            {error}
          </p>
        ) : null}
      </fetcher.Form>

      <PayoutAccount account={data.payoutAccount} />

      <h3 className="mt-6 font-semibold">Commissions</h3>
      {data.commissions.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No commissions yet. They appear here when a friend who joined with your link pays for an order.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-label="Commissions">
          {data.commissions.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm" data-testid="commission">
              <span>
                {c.friend}&apos;s order · {formatLagosDate(c.createdAt)}
                {c.note ? <span className="block text-xs text-muted">{c.note}</span> : null}
              </span>
              <span className="flex items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[c.status]}`}>
                  {COMMISSION_STATUSES[c.status]}
                </span>
                <span className="font-semibold tabular-nums">{formatKobo(c.amountKobo)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}

      {data.payouts.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold">Payouts</h3>
          <ul className="mt-2 divide-y divide-line" aria-label="Payouts">
            {data.payouts.map((x) => (
              <li key={x.id} className="flex flex-wrap justify-between gap-2 py-3 text-sm" data-testid="referral-payout">
                <span>
                  {x.destination === "wallet" ? "To your ZavCharge wallet" : `To ${x.accountName} ${x.account}`} ·{" "}
                  {formatLagosDate(x.createdAt)}
                  {x.destination === "bank" ? (
                    <span className="block text-xs text-muted">
                      {BANK_PAYOUT_STATE[x.status]}
                      {x.bankReference ? ` · reference ${x.bankReference}` : ""}
                      {x.note && x.status !== "paid" ? ` · ${x.note}` : ""}
                    </span>
                  ) : null}
                </span>
                <span className="font-semibold tabular-nums">{formatKobo(x.amountKobo)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A bank payout's state, as the referrer reads it. */
const BANK_PAYOUT_STATE: Record<TPayoutStatus, string> = {
  requested: "Waiting to be sent",
  sending: "On its way to your bank",
  paid: "Sent",
  declined: "Declined: the amount is back in your balance",
  failed: "Did not go through: the amount is back in your balance",
};

/**
 * The bank account bank payouts go to: shown when saved and changed under "Change bank account" (a disclosure, so it
 * works without JavaScript), or added; the bank's name for it is checked on the server.
 */
function PayoutAccount({ account }: { account: TSignedIn["payoutAccount"] }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  const form = (
    <fetcher.Form method="post" className="mt-3 space-y-3" aria-label="Bank account for payouts">
      <JsFlag />
      <input type="hidden" name="intent" value="bank-account" />
      <div className="grid gap-3 sm:grid-cols-2">
        <BankAccountFields values={{ bankCode: account?.bankCode }} errorOf={fieldError} />
      </div>
      <Field
        label="Name on the account"
        name="accountName"
        maxLength={120}
        hint="We ask your bank for the name; type it only if we cannot reach the bank."
        error={fieldError("accountName")}
      />
      {formError ? (
        <p className="text-sm text-danger" role="alert">
          {formError}
        </p>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {busy ? "Checking with your bank…" : "Save bank account"}
      </button>
    </fetcher.Form>
  );
  return (
    <div className="mt-6 rounded-lg border border-line p-4" data-testid="payout-account">
      <h3 className="font-semibold">Your bank account for payouts</h3>
      {account ? (
        <>
          <p className="mt-1 text-sm">
            {account.accountName} · {account.bank} {account.masked}
            <span className="text-muted">{account.verified ? " · name checked with the bank" : " · we check the name before paying"}</span>
          </p>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-accent">Change bank account</summary>
            {form}
          </details>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">Add a Nigerian bank account in your own name to be paid there.</p>
          {form}
        </>
      )}
    </div>
  );
}
