import { type FormEvent } from "react";
import { useFetcher } from "react-router";
import { formatKobo } from "@domain/money/money";
import { isStaffTransition, TRANSITION_LABELS } from "@domain/orders/order-filters";
import { formatOrderNumber, nextStatuses, ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from "@domain/orders/order-status";
import { Field, FormError } from "~/components/ui/field";
import { JsFlag } from "~/components/ui/js-flag";
import { buttonClass } from "~/components/ui/styles";
import { useActionToast, type TActionAnswer } from "~/lib/action-answer";

// What staff may do next with an order (docs/product/store-and-orders.md#allowed-moves): confirm an offline payment,
// move its status, refund it. Each form names its intent for the order page's action; the answer shows above them.

/** The order as its next steps need it. */
export type TOrderForSteps = { number: number; status: string; paymentMethod: string; totalKobo: number };

function confirmCancel(e: FormEvent<HTMLFormElement>, label: string) {
  const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.value === "cancelled" && !confirm(`Cancel ${label}? The stock is released and the customer is told by e-mail.`))
    e.preventDefault();
}

/** The forms of the order's next steps, or what it is when nothing is left to do. */
export function StaffOrderNextSteps({ order }: { order: TOrderForSteps }) {
  const label = formatOrderNumber(order.number);
  const status = order.status as TOrderStatus;
  const method = order.paymentMethod as TPaymentMethod;
  const next = nextStatuses(status, method);
  const moves = next.filter(isStaffTransition);
  const canConfirmPayment = next.includes("paid") && (method === "bank_transfer" || method === "pay_on_delivery");
  const canRefund = next.includes("refunded");

  const fetcher = useFetcher<TActionAnswer>();
  const { busy, error } = useActionToast(fetcher);

  return (
    <>
      {error ? (
        <div className="mt-3">
          <FormError message={error.message} />
        </div>
      ) : null}
      {moves.length === 0 && !canConfirmPayment && !canRefund ? (
        <p className="mt-2 text-sm text-muted">This order is {ORDER_STATUSES[status].toLowerCase()}: nothing more to do.</p>
      ) : null}

      {canConfirmPayment ? (
        // Money that arrived by transfer or cash: server/payments/confirm-offline-payment.ts.
        <fetcher.Form
          method="post"
          className="mt-4 flex flex-wrap items-end gap-3 border-b border-line pb-4"
          noValidate
          data-testid="confirm-transfer-form"
        >
          <JsFlag />
          <input type="hidden" name="intent" value="confirm-transfer" />
          <Field
            className="min-w-0 grow sm:max-w-xs"
            label={method === "bank_transfer" ? "Bank reference of the transfer" : "Receipt or POS reference"}
            name="reference"
            autoComplete="off"
            placeholder={method === "bank_transfer" ? "e.g. GTB-TRF-204811" : "e.g. POS-88120"}
            maxLength={100}
          />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {method === "bank_transfer" ? "Mark paid (bank transfer)" : "Mark paid (collected)"}
          </button>
          <p className="w-full text-xs text-muted">
            {method === "bank_transfer"
              ? `Check that ${formatKobo(order.totalKobo)} reached the account before you confirm.`
              : `Confirm once ${formatKobo(order.totalKobo)} has been collected.`}{" "}
            The customer gets the receipt by e-mail.
          </p>
        </fetcher.Form>
      ) : null}

      {moves.length > 0 ? (
        <fetcher.Form method="post" className="mt-4 space-y-3" noValidate onSubmit={(e) => confirmCancel(e, label)}>
          <JsFlag />
          <input type="hidden" name="intent" value="status" />
          <Field
            label="Note for the timeline and the customer's e-mail (optional)"
            name="note"
            autoComplete="off"
            placeholder="e.g. GIG Logistics waybill 55102"
            maxLength={500}
          />
          <div className="flex flex-wrap gap-3">
            {moves.map((to) => (
              <button
                key={to}
                type="submit"
                name="to"
                value={to}
                className={to === "cancelled" ? buttonClass.outline : buttonClass.primary}
                disabled={busy}
              >
                {TRANSITION_LABELS[to]}
              </button>
            ))}
          </div>
        </fetcher.Form>
      ) : null}

      {canRefund ? (
        // Card payments are refunded through the provider's API; transfers and cash are recorded as paid back by hand.
        <fetcher.Form
          method="post"
          className="mt-4 border-t border-line pt-4"
          onSubmit={(e) => !confirm(`Refund ${formatKobo(order.totalKobo)} for ${label}?`) && e.preventDefault()}
        >
          <JsFlag />
          <input type="hidden" name="intent" value="refund" />
          <Field
            label="Reason for the refund (optional)"
            name="reason"
            autoComplete="off"
            placeholder="e.g. Customer returned the inverter unopened"
            maxLength={500}
          />
          <button type="submit" className={`${buttonClass.danger} mt-3`} disabled={busy}>
            Refund {formatKobo(order.totalKobo)}
          </button>
        </fetcher.Form>
      ) : null}
    </>
  );
}
