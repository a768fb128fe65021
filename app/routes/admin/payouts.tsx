import { useFetcher } from "react-router";
import type { Route } from "./+types/payouts";
import { parseThen, refuse } from "@domain/errors/app-error";
import { PAYOUT_STATUS_LABEL } from "@domain/marketplace/earnings";
import { ZPayoutTransfer, ZSettlePayout } from "@domain/marketplace/payout-input";
import { maskAccountNumber } from "@domain/nigeria/banks";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate, formatLagosDateTime } from "@domain/time/lagos-time";
import { getCommissionFigures } from "@server/marketplace/list-payouts";
import type { TPayoutRow } from "@server/payments/payee";
import { findPayoutQueue, payoutQueues } from "@server/payments/payees";
import { transfersAvailable } from "@server/payments/verify-transfer";
import { ErrorText, Field } from "~/components/ui/field";
import { DecisionButtons } from "~/components/ui/action-form";
import { JsFlag } from "~/components/ui/js-flag";
import { BackLink } from "~/components/ui/staff-page";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { readForm } from "~/http/request-input.server";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

// Payouts (docs/product/marketplace.md#payouts, docs/product/refer-and-earn.md#payouts): admins pay the requests of
// every payee with a queue (docs/decisions/0044-payees.md: sellers and referrers) through Paystack's transfers (where
// switched on) or by a bank transfer whose reference they record, or decline them; the commission figures.

export const meta: Route.MetaFunction = (args) => metaFor("/admin/payouts", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "admin");
  const [figures, queues] = await Promise.all([
    getCommissionFigures(),
    Promise.all(payoutQueues().map(async (q) => ({ payee: q.payee, title: q.title, ...(await q.list()) }))),
  ]);
  return { canTransfer: transfersAvailable(), figures, queues };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireRole(context, request, "admin");
  const fields = await readForm(request);
  // Each payee's requests are settled by its own queue, whichever the form names.
  const queue = findPayoutQueue(String(fields.payee ?? ""));
  if (fields.intent === "transfer" || fields.intent === "check") {
    const result = await parseThen(ZPayoutTransfer, fields, [], async (input) => {
      if (!queue) return refuse("not_found", "That payout request does not exist.");
      return input.intent === "transfer" ? queue.send(admin, input.payoutId) : queue.check(input.payoutId);
    });
    return actionResponse(request, fields, result, {
      done: (r) => ({
        type: r.status === "paid" ? "success" : "info",
        title: `Payout ${PAYOUT_STATUS_LABEL[r.status].toLowerCase()}`,
        description: `${r.payeeName}, ${formatKobo(r.amountKobo)}. ${r.message}`,
      }),
      failedTitle: fields.intent === "transfer" ? "Transfer not sent" : "Could not check the transfer",
    });
  }
  const result = await parseThen(ZSettlePayout, fields, ["reference", "note"], (input) =>
    queue ? queue.settle(admin, input) : Promise.resolve(refuse("not_found", "That payout request does not exist.")),
  );
  return actionResponse(request, fields, result, {
    done: (r) => ({
      type: "success",
      title: fields.decision === "paid" ? "Payout recorded as paid" : "Payout declined",
      description: `${r.payeeName}, ${formatKobo(r.amountKobo)}. ${queue?.told ?? "The payee"} has been told.`,
    }),
    failedTitle: "Payout not settled",
  });
}

/**
 * One payout request. Waiting and settled requests share one list, so the row (and its fetcher, whose answer shows the
 * toast) stays mounted when the request it settles moves to the settled ones.
 */
function PayoutRow({ p, payee, canTransfer }: { p: TPayoutRow; payee: string; canTransfer: boolean }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, formError, fieldError } = useActionToast(fetcher);
  if (p.status !== "requested" && p.status !== "sending")
    return (
      <li
        className="flex flex-wrap items-baseline justify-between gap-2 rounded-2xl border border-line bg-surface p-4 text-sm"
        data-testid="payout-settled"
      >
        <span>
          <span className="font-semibold">{p.payeeName}</span> · {PAYOUT_STATUS_LABEL[p.status]}
          {p.decidedAt ? ` ${formatLagosDate(p.decidedAt)}` : ""} · {p.bank} {maskAccountNumber(p.accountNumber)}
          {p.bankReference ? ` · ref ${p.bankReference}` : ""}
          {p.note ? ` · ${p.note}` : ""}
        </span>
        <span className="font-semibold tabular-nums">{formatKobo(p.amountKobo)}</span>
      </li>
    );
  return (
    <li className={`${cardClass} space-y-3`} data-testid="payout-waiting">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {p.payeeName} <span className="font-normal text-muted">· asked {formatLagosDateTime(p.requestedAt)}</span>
        </p>
        <p className="text-xl font-bold tabular-nums">{formatKobo(p.amountKobo)}</p>
      </div>
      <p className="text-sm">
        {p.accountName} · {p.bank} · {p.accountNumber}
        {p.accountVerified ? "" : " · name not checked with the bank: confirm it before paying"}
        {p.held ? " · store suspended: payouts held" : ""}
      </p>
      {p.status === "sending" ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-3" aria-label={`Check the transfer to ${p.payeeName}`}>
          <JsFlag />
          <input type="hidden" name="payoutId" value={p.id} />
          <input type="hidden" name="payee" value={payee} />
          <p className="text-sm font-semibold text-accent" data-testid="payout-sending">
            On its way through Paystack · ref {p.transferReference}
          </p>
          <button type="submit" name="intent" value="check" className={buttonClass.outline} disabled={busy}>
            Check with Paystack
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" className="space-y-3" aria-label={`Settle the payout to ${p.payeeName}`}>
          <JsFlag />
          <input type="hidden" name="payoutId" value={p.id} />
          <input type="hidden" name="payee" value={payee} />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label="Bank transfer reference"
              name="reference"
              maxLength={60}
              error={fieldError("reference")}
              hint="Needed to mark it paid"
            />
            <Field label="Note (reason when declining)" name="note" maxLength={500} error={fieldError("note")} />
          </div>
          <ErrorText message={formError} />
          <DecisionButtons
            busy={busy}
            choices={[
              ["paid", "Mark paid", "primary"],
              ["declined", "Decline", "outline"],
            ]}
          >
            {canTransfer ? (
              <button type="submit" name="intent" value="transfer" className={buttonClass.outline} disabled={busy}>
                Pay through Paystack
              </button>
            ) : null}
          </DecisionButtons>
        </fetcher.Form>
      )}
    </li>
  );
}

export default function Payouts({ loaderData }: Route.ComponentProps) {
  const { queues, figures, canTransfer } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header>
        <BackLink to="/admin/dashboard">Admin dashboard</BackLink>
        <h1 className="mt-1 text-3xl font-bold">Payouts</h1>
        <p className="mt-1 text-muted">
          Sellers ask for their available earnings here, and referrers for their Refer &amp; Earn balance.{" "}
          {canTransfer
            ? "Pay through Paystack, or send the transfer from the company account and record its reference."
            : "Send the transfer from the company account, then record its reference."}
        </p>
      </header>
      <dl className="grid gap-3 sm:grid-cols-3" data-testid="commission-figures">
        <div className={cardClass}>
          <dt className="text-sm text-muted">Commission, last 30 days</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatKobo(figures.commission30Kobo)}</dd>
        </div>
        <div className={cardClass}>
          <dt className="text-sm text-muted">Commission, all time</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatKobo(figures.commissionKobo)}</dd>
        </div>
        <div className={cardClass}>
          <dt className="text-sm text-muted">Owed to sellers (earned, not paid out)</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatKobo(figures.owedKobo)}</dd>
        </div>
      </dl>
      {queues.map((q) => (
        <PayoutQueue key={q.payee} title={q.title} payee={q.payee} rows={q} canTransfer={canTransfer} />
      ))}
    </div>
  );
}

function PayoutQueue({
  title,
  payee,
  rows,
  canTransfer,
}: {
  title: string;
  payee: string;
  rows: { waiting: TPayoutRow[]; settled: TPayoutRow[] };
  canTransfer: boolean;
}) {
  const { waiting, settled } = rows;
  const id = `${payee}-payouts`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold">
        {title} <span className="text-base font-normal text-muted">({waiting.length} waiting)</span>
      </h2>
      {waiting.length === 0 && settled.length === 0 ? (
        <p className={`${cardClass} text-muted`}>No payout requests yet.</p>
      ) : (
        <ul className="space-y-3" data-testid={`payouts-${payee}`}>
          {waiting.length === 0 ? <li className={`${cardClass} text-muted`}>No payout requests are waiting.</li> : null}
          {[...waiting, ...settled].map((p) => (
            <PayoutRow key={p.id} p={p} payee={payee} canTransfer={canTransfer} />
          ))}
        </ul>
      )}
    </section>
  );
}
