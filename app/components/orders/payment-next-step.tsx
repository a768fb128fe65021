import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/styles";
import { BANK_ACCOUNT } from "@domain/company/company";
import { formatKobo } from "@domain/money/money";
import { formatOrderNumber, type TPaymentMethod } from "@domain/orders/order-status";

type TOrderForNextStep = { id: string; number: number; status: string; paymentMethod: string; totalKobo: number };

/** What the customer does next for an order that is not paid yet; nothing once it is. */
export function PaymentNextStep({ order }: { order: TOrderForNextStep }) {
  if (order.status !== "pending_payment") return null;
  const method = order.paymentMethod as TPaymentMethod;
  const number = formatOrderNumber(order.number);
  if (method === "bank_transfer") {
    return (
      <div className="rounded-xl border border-accent/50 p-4" data-testid="bank-details">
        <p className="font-semibold">Transfer {formatKobo(order.totalKobo)} to:</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Bank</dt>
          <dd>{BANK_ACCOUNT.bank}</dd>
          <dt className="text-muted">Account name</dt>
          <dd>{BANK_ACCOUNT.accountName}</dd>
          <dt className="text-muted">Account number</dt>
          <dd className="font-mono text-base font-semibold">{BANK_ACCOUNT.accountNumber}</dd>
          <dt className="text-muted">Narration</dt>
          <dd className="font-mono font-semibold">{number}</dd>
        </dl>
        <p className="mt-2 text-sm text-muted">We hold your items for 72 hours and e-mail you as soon as the money reaches us.</p>
      </div>
    );
  }
  if (method === "pay_on_delivery") {
    return (
      <p className="rounded-xl border border-line p-4 text-sm">
        You pay {formatKobo(order.totalKobo)} by transfer, POS or cash when the order arrives. We will call you before dispatch.
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-accent/50 p-4">
      <p className="text-sm">
        We have not received a confirmed payment for this order yet. If you were charged, it will show here within a few minutes; otherwise
        you can pay now.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Form method="post" action={`/orders/${order.id}/pay`}>
          <button type="submit" className={buttonClass.accent}>
            Pay {formatKobo(order.totalKobo)} now
          </button>
        </Form>
        <Link to={`/payment-success?order=${order.id}`} className={buttonClass.outline} reloadDocument>
          Check again
        </Link>
      </div>
    </div>
  );
}
