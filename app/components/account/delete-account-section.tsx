import { Form } from "react-router";
import { formatKobo } from "@domain/money/money";
import {
  DELETION_CONFIRM_WORD,
  DELETION_DUE_DAYS,
  deletionDueLabel,
  type TErasureHold,
  type TMyDeletionRequest,
} from "@domain/privacy/deletion-requests";
import { formatLagosDateLong } from "@domain/time/lagos-time";
import { ErrorText, Field, FormError } from "~/components/ui/field";
import { buttonClass, cardClass } from "~/components/ui/styles";
import type { TAccountSectionAnswer } from "./account-section-answer";

/** What the person sees before asking (docs/product/privacy-requests.md#asking): what goes, what stays, and how long it takes. */
function WhatHappens() {
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p>
        <strong>We delete</strong> your profile (name, e-mail, phone, photo) and sign-in, your cart, saved listings, notifications and
        newsletter subscription, our team&apos;s notes about you, your messages to us and to sellers, your course work, your ZavCharge
        details and PIN, and your marketplace store. You can no longer sign in.
      </p>
      <p>
        <strong>We keep, without your name, e-mail, phone or address,</strong> your orders, invoices and payments (tax and accounting law
        requires them for 6 years), your course results and certificates (still verifiable by their code, without your name) and your
        reviews (shown as &ldquo;A customer&rdquo;).
      </p>
      <p>
        An order not paid yet is cancelled. If an order is on its way to you, or we still owe you marketplace earnings, we finish that
        first. We do it within {DELETION_DUE_DAYS} days and e-mail you when it is done; until then you can withdraw your request.
      </p>
    </div>
  );
}

function HoldsList({ holds }: { holds: TErasureHold[] }) {
  if (!holds.length) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="font-semibold">Before we can finish:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {holds.map((h) => (
          <li key={h.reason}>{h.reason}</li>
        ))}
      </ul>
    </div>
  );
}

/** The account's "Delete my account" section: asking, the open request and its withdrawal, or how the last one ended. */
export function DeleteAccountSection({
  deletion,
  state,
  busy,
}: {
  deletion: TMyDeletionRequest;
  state?: TAccountSectionAnswer;
  busy: boolean;
}) {
  return (
    <section className={cardClass} aria-labelledby="delete-title" data-testid="delete-account">
      <h2 id="delete-title" className="text-xl font-semibold">
        Delete my account
      </h2>
      <FormError message={state?.formError} />
      {!deletion.canAsk ? (
        <p className="mt-2 text-sm text-muted">
          Staff and administrator accounts are closed by an administrator. Ask an administrator to change your role to customer, then ask
          here.
        </p>
      ) : deletion.open ? (
        <div className="mt-2 space-y-3" data-testid="deletion-open">
          <p className="text-sm">
            We received your request <strong>{deletion.open.reference}</strong> on {formatLagosDateLong(deletion.open.requestedAt)}. We will
            delete your account and personal data by <strong>{formatLagosDateLong(deletion.open.dueAt)}</strong> (
            {deletionDueLabel(deletion.open.daysLeft).toLowerCase()}) and e-mail you when it is done.
          </p>
          <HoldsList holds={deletion.open.holds} />
          <Form method="post">
            <input type="hidden" name="intent" value="delete-withdraw" />
            <input type="hidden" name="requestId" value={deletion.open.id} />
            <button type="submit" className={buttonClass.outline} disabled={busy}>
              Withdraw my request
            </button>
          </Form>
        </div>
      ) : (
        <>
          {deletion.last ? (
            <p className="mt-2 text-sm text-muted" data-testid="deletion-last">
              Your request {deletion.last.reference} was {deletion.last.status}
              {deletion.last.at ? ` on ${formatLagosDateLong(deletion.last.at)}` : ""}
              {deletion.last.reason ? `: ${deletion.last.reason}` : "."}
            </p>
          ) : null}
          <WhatHappens />
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="delete-ask" />
            {deletion.needsPassword ? (
              <Field
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                className="max-w-sm"
                error={state?.errors?.password}
              />
            ) : (
              <Field
                label={`Type ${DELETION_CONFIRM_WORD} to confirm`}
                name="confirmWord"
                autoComplete="off"
                autoCapitalize="characters"
                className="max-w-sm"
                error={state?.errors?.confirmWord}
              />
            )}
            {deletion.zavchargeBalanceKobo > 0 ? (
              <div>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="forfeitBalance"
                    className="mt-1 h-4 w-4"
                    aria-invalid={state?.errors?.forfeitBalance ? true : undefined}
                  />
                  <span>
                    I give up the {formatKobo(deletion.zavchargeBalanceKobo)} left in my ZavCharge wallet. (To get it back instead, close
                    your ZavCharge account from its dashboard and ask for a refund first.)
                  </span>
                </label>
                <ErrorText message={state?.errors?.forfeitBalance} className="mt-1 text-sm text-danger" />
              </div>
            ) : null}
            <button type="submit" className={buttonClass.danger} disabled={busy}>
              Ask to delete my account
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
