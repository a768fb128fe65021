import { Link, useFetcher } from "react-router";
import type { TPayoutStatus } from "@domain/marketplace/earnings";
import { formatKobo } from "@domain/money/money";
import { COMMISSION_STATUSES, type TCommissionStatus } from "@domain/referrals/commission";
import { formatLagosDate } from "@domain/time/lagos-time";
import { BankAccountFields } from "~/components/payments/bank-account-fields";
import { ErrorText, Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// What a referrer has earned on /refer-earn (docs/product/refer-and-earn.md#the-page), with the payout form (it names no
// intent: its buttons send the destination) and the bank account payouts go to (intent "bank-account").

/** The bank account bank payouts go to, as the page shows it (the number masked). */
export type TReferralPayoutAccount = { bank: string; bankCode: string; accountName: string; masked: string; verified: boolean } | null;

/** The referrer's earnings as the section shows them. */
export type TReferralEarnings = {
  programme: { ratePercent: number; holdDays: number; minPayoutKobo: number; minReferrals: number; windowMonths: number };
  totalsByStatus: Partial<Record<TCommissionStatus, number>>;
  balanceKobo: number;
  points: number;
  badge: string | null;
  hasWallet: boolean;
  payoutAccount: TReferralPayoutAccount;
  commissions: { id: number; friend: string; amountKobo: number; status: TCommissionStatus; note: string | null; createdAt: Date }[];
  payouts: {
    id: number;
    amountKobo: number;
    destination: string;
    status: TPayoutStatus;
    accountName: string | null;
    account: string | null;
    bankReference: string | null;
    note: string | null;
    createdAt: Date;
  }[];
};

const STATUS_TONE: Record<TCommissionStatus, string> = {
  pending: "bg-surface-2 text-fg",
  approved: "bg-brand/15 text-brand",
  paid: "bg-brand/15 text-brand",
  reversed: "bg-danger/10 text-danger",
  refused: "bg-danger/10 text-danger",
};

/** The balance, the payout form, the commissions by state, payouts and points (refer-and-earn.md#the-page). */
export function Earnings({ data }: { data: TReferralEarnings }) {
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
        <ErrorText message={error} />
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
function PayoutAccount({ account }: { account: TReferralPayoutAccount }) {
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
      <ErrorText message={formError} />
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
