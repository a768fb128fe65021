import { useFetcher } from "react-router";
import { ErrorText, Field } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { StaffTable, type TStaffColumn } from "~/components/ui/staff-table";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { EARNING_STATE_LABEL, PAYOUT_STATUS_LABEL, type TSellerEarningsView } from "@domain/marketplace/earnings";
import { nextPartStep, PART_STEPS, TRACKING_NOTE_MAX, type TPartView } from "@domain/marketplace/sub-orders";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";
import { PartCard } from "./part-card";

// The seller's orders to fulfil and their earnings (docs/product/marketplace.md#fulfilment, #earnings, #payouts).

/** The next step on one part; each part has its own fetcher so its toast outlives the list's reload. */
function PartStep({ part }: { part: TPartView }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError } = useActionToast(fetcher, { errors: "inline" });
  const step = nextPartStep(part.status);
  if (!step) return null;
  return (
    <fetcher.Form method="post" className="space-y-2 border-t border-line pt-3">
      <JsFlag />
      <input type="hidden" name="subOrderId" value={part.id} />
      <input type="hidden" name="step" value={step} />
      {step === "ship" ? (
        <Field
          label="Note for the buyer"
          name="trackingNote"
          maxLength={TRACKING_NOTE_MAX}
          hint="Courier and tracking number, or the rider's name and phone"
          error={fieldError("trackingNote")}
        />
      ) : null}
      <ErrorText message={formError} />
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {PART_STEPS[step].label}
        <span className="sr-only"> {part.label}</span>
      </button>
    </fetcher.Form>
  );
}

export function SellerOrders({ parts }: { parts: TPartView[] }) {
  const open = parts.filter((p) => nextPartStep(p.status) !== null).length;
  return (
    <section aria-labelledby="orders" className="space-y-3" id="orders-section">
      <h2 id="orders" className="text-xl font-bold">
        Orders {open > 0 ? <span className="text-base font-normal text-muted">({open} to act on)</span> : null}
      </h2>
      {parts.length === 0 ? (
        <p className={`${cardClass} text-muted`}>
          No orders yet. When a buyer pays for your listings, the order appears here to accept and ship.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="seller-parts">
          {parts.map((p) => (
            <PartCard key={p.id} part={p} viewer="seller">
              {p.status === "pending_payment" ? (
                <p className="text-sm text-muted">
                  Waiting for the buyer&apos;s payment: the stock is held for them. Do not send anything yet.
                </p>
              ) : (
                <PartStep part={p} />
              )}
            </PartCard>
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutForm({ availableKobo }: { availableKobo: number }) {
  const fetcher = useFetcher<TActionAnswer>();
  const { busy, fieldError, formError } = useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Ask for a payout">
      <JsFlag />
      <input type="hidden" name="intent" value="payout" />
      <Field
        label="Amount (₦)"
        name="amount"
        inputMode="decimal"
        defaultValue={availableKobo > 0 ? String(availableKobo / 100) : ""}
        error={fieldError("amount")}
        className="w-48"
      />
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        Ask for payout
      </button>
      <ErrorText message={formError} className="w-full text-sm text-danger" />
    </fetcher.Form>
  );
}

const EARNING_COLUMNS: TStaffColumn<TSellerEarningsView["earnings"][number]>[] = [
  { header: "Order", cell: (e) => e.label },
  { header: "Earning", className: "tabular-nums", cell: (e) => formatKobo(e.amountKobo) },
  { header: "Commission", className: "tabular-nums", cell: (e) => formatKobo(e.commissionKobo) },
  {
    header: "State",
    cell: (e) =>
      `${EARNING_STATE_LABEL[e.state]}${e.state === "pending" && e.availableAt ? ` until ${formatLagosDate(e.availableAt)}` : ""}`,
  },
];

export function SellerEarnings({ earnings, suspended }: { earnings: TSellerEarningsView; suspended: boolean }) {
  const { balance } = earnings;
  const tiles = [
    ["Available", balance.availableKobo, "available"],
    ["Pending", balance.pendingKobo, "pending"],
    ["Payout requested", balance.requestedKobo, "requested"],
    ["Paid out", balance.paidOutKobo, "paid"],
  ] as const;
  return (
    <section aria-labelledby="earnings" className="space-y-3" id="earnings-section">
      <h2 id="earnings" className="text-xl font-bold">
        Earnings
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {tiles.map(([label, kobo, id]) => (
          <div key={id} className={cardClass}>
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid={`balance-${id}`}>
              {formatKobo(kobo)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">
        An order&apos;s earning is pending until it is delivered and the buyer&apos;s refund window has passed; then it is available to pay
        out.
      </p>
      {suspended ? (
        <p className="text-sm text-danger">Payouts are held while your store is suspended.</p>
      ) : (
        // Always there, so its answer (the toast) outlives the balance it just spent.
        <PayoutForm availableKobo={balance.availableKobo} />
      )}
      {earnings.earnings.length > 0 ? (
        <StaffTable
          label="Earnings by order"
          testId="earning-rows"
          columns={EARNING_COLUMNS}
          rows={earnings.earnings}
          rowKey={(e) => e.label}
          empty={null}
        />
      ) : null}
      {earnings.payouts.length > 0 ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="payout-rows">
          {earnings.payouts.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
              <span>
                Payout asked {formatLagosDate(p.requestedAt)} · <span className="font-semibold">{PAYOUT_STATUS_LABEL[p.status]}</span>
                {p.bankReference ? ` · ref ${p.bankReference}` : ""}
                {p.note ? ` · ${p.note}` : ""}
              </span>
              <span className="font-semibold tabular-nums">{formatKobo(p.amountKobo)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
