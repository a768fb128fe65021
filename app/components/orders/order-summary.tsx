import { formatKobo } from "@domain/money/money";
import { lineName } from "@domain/catalog/line-name";

export type TSummaryLine = { key: string | number; name: string; quantity: number; lineTotalKobo: number };
export type TSummaryTotals = {
  subtotalKobo: number;
  discountKobo?: number;
  shippingKobo: number;
  vatKobo: number;
  vatRateBasisPoints: number;
  totalKobo: number;
  /** False when nothing in the order is delivered (courses only): delivery reads "Not needed". */
  ships?: boolean;
};

/** Lines and totals of an order or a checkout, with the numbers the server computed. */
export function OrderSummary({
  lines,
  totals,
  title = "Order summary",
}: {
  lines: TSummaryLine[];
  totals: TSummaryTotals;
  title?: string;
}) {
  return (
    <section aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-3 divide-y divide-line text-sm">
        {lines.map((l) => (
          <li key={l.key} className="flex justify-between gap-3 py-2">
            <span>
              {l.name} <span className="text-muted">x {l.quantity}</span>
            </span>
            <span className="whitespace-nowrap">{formatKobo(l.lineTotalKobo)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
        <Row label="Subtotal" value={formatKobo(totals.subtotalKobo)} />
        {totals.discountKobo ? <Row label="Discount" value={`-${formatKobo(totals.discountKobo)}`} /> : null}
        <Row
          label="Delivery"
          value={totals.ships === false ? "Not needed" : totals.shippingKobo === 0 ? "Free" : formatKobo(totals.shippingKobo)}
          testId="summary-delivery"
        />
        <Row label={`VAT (${totals.vatRateBasisPoints / 100}%)`} value={formatKobo(totals.vatKobo)} testId="summary-vat" />
        <div className="flex justify-between gap-3 border-t border-line pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatKobo(totals.totalKobo)}</dd>
        </div>
      </dl>
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Only the totals, so a loader does not send the whole order row to the browser. */
export function pickTotals(o: TSummaryTotals & { deliveryDays?: number }): TSummaryTotals {
  return {
    // An order of courses only was placed with no delivery days.
    ships: o.deliveryDays !== 0,
    subtotalKobo: o.subtotalKobo,
    discountKobo: o.discountKobo,
    shippingKobo: o.shippingKobo,
    vatKobo: o.vatKobo,
    vatRateBasisPoints: o.vatRateBasisPoints,
    totalKobo: o.totalKobo,
  };
}

/** An order's stored lines as the summary shows them. */
export function summaryLines(
  items: { id: number; productName: string; variantName: string; quantity: number; lineTotalKobo: number }[],
): TSummaryLine[] {
  return items.map((i) => ({
    key: i.id,
    name: lineName(i),
    quantity: i.quantity,
    lineTotalKobo: i.lineTotalKobo,
  }));
}
