import { Form, useNavigation } from "react-router";
import { formatKobo } from "@domain/money/money";
import { bankName } from "@domain/nigeria/banks";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { Field } from "~/components/ui/field";
import { CheckWithPaystackButton } from "~/components/invest/check-with-paystack";
import { IntentButton } from "~/components/ui/intent-button";
import { buttonClass, cardClass } from "~/components/ui/styles";

// Principal investors asked back (docs/product/investments.md#redemption): sent through Paystack, or paid by hand to
// the account shown and recorded here with the transfer's reference.

export type TRedemptionRow = {
  id: number;
  reference: string;
  legalName: string;
  bank: { bankCode: string; accountNumber: string; accountName: string };
  tierName: string;
  principalKobo: number;
  /** The principal and the distributions reinvested in it: what is paid back. */
  amountKobo: number;
  status: string;
  requestedAt: string | Date;
  sending: boolean;
  transferNote: string | null;
};

/** Recording a payment takes the row off the list, so the form navigates: the answer comes back as the page's flash message. */
function PayBack({ row }: { row: TRedemptionRow }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("investmentId") === String(row.id);
  return (
    <Form
      method="post"
      className="flex flex-wrap items-end gap-2"
      noValidate
      preventScrollReset
      aria-label={`Record the payment of ${row.reference}`}
    >
      <input type="hidden" name="intent" value="redemption-paid" />
      <input type="hidden" name="investmentId" value={row.id} />
      <Field className="min-w-48 flex-1" label="Bank reference of the transfer" name="reference" maxLength={60} />
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        Record as paid
      </button>
    </Form>
  );
}

export function RedemptionsToPay({ rows, canTransfer }: { rows: TRedemptionRow[]; canTransfer: boolean }) {
  if (rows.length === 0) return <p className="text-sm text-muted">No principal waits to be paid back.</p>;
  return (
    <ul className="space-y-4">
      {rows.map((r) => (
        <li key={r.id} className={`${cardClass} space-y-2`} data-testid="redemption-row">
          <p className="font-bold">
            {r.legalName}: {formatKobo(r.amountKobo)} from {r.tierName}
          </p>
          {r.amountKobo !== r.principalKobo ? (
            <p className="text-sm text-muted">
              {formatKobo(r.principalKobo)} principal and {formatKobo(r.amountKobo - r.principalKobo)} of reinvested distributions
            </p>
          ) : null}
          <p className="text-sm text-muted">
            <span className="font-mono">{r.reference}</span> · {r.status === "active" ? "early, after the lock-up" : "matured"} · asked{" "}
            {formatLagosDateTime(r.requestedAt)}
          </p>
          <p className="text-sm">
            Pay to {bankName(r.bank.bankCode) ?? r.bank.bankCode} {r.bank.accountNumber}, {r.bank.accountName}
          </p>
          {r.transferNote ? <p className="text-sm text-danger">The last transfer did not go through: {r.transferNote}</p> : null}
          {r.sending ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm font-semibold">On its way through Paystack</p>
              <CheckWithPaystackButton intent="check-redemption-transfer" fields={{ investmentId: r.id }} what={r.reference} />
            </div>
          ) : (
            <>
              {canTransfer ? (
                <IntentButton
                  intent="send-redemption-transfer"
                  fields={{ investmentId: r.id }}
                  label="Send with Paystack"
                  formLabel={`Send with Paystack: ${r.reference}`}
                  tone="primary"
                />
              ) : null}
              <PayBack row={r} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
