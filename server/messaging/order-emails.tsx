import { BANK_ACCOUNT, COMPANY } from "@domain/company/company";
import { formatKobo } from "@domain/money/money";
import { PAYMENT_METHODS, type TPaymentMethod } from "@domain/orders/order-status";
import { formatLagosDateLong, formatLagosDateTimeLong } from "@domain/time/lagos-time";
import type { TEmail } from "./email-layout";
import { Action, Footnote, P, SummaryTable } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// Store e-mails (docs/product/messaging.md#templates): order confirmation (orderId, customerName, customerEmail, items with
// name, quantity and price, total, estimatedDelivery) and payment receipt (paymentReference, amount,
// paymentDate, description), plus the status updates customers expect.

export type TOrderConfirmation = {
  orderId: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  items: { name: string; quantity: number; priceKobo: number }[];
  subtotalKobo: number;
  shippingKobo: number;
  vatKobo: number;
  totalKobo: number;
  /** Null when nothing in the order is delivered (courses only). */
  estimatedDelivery: Date | null;
  paymentMethod: TPaymentMethod;
  address: string;
};

function howToPay(p: TOrderConfirmation): string[] {
  if (p.paymentMethod === "bank_transfer") {
    return [
      `Please transfer ${formatKobo(p.totalKobo)} to ${BANK_ACCOUNT.accountName}, ${BANK_ACCOUNT.bank}, account number ${BANK_ACCOUNT.accountNumber}, with ${p.orderNumber} as the narration.`,
      "We hold your items for 72 hours and confirm your payment by e-mail as soon as it reaches our account.",
    ];
  }
  if (p.paymentMethod === "pay_on_delivery")
    return [
      `You will pay ${formatKobo(p.totalKobo)} by transfer, POS or cash when your order is delivered. We will call you to confirm before dispatch.`,
    ];
  return [`Payment: ${PAYMENT_METHODS[p.paymentMethod]}. Your receipt follows in a separate e-mail once the payment is confirmed.`];
}

export function orderConfirmationEmail(p: TOrderConfirmation, siteUrl: string): TEmail {
  return renderEmail(
    `Order ${p.orderNumber} received: thank you, ${p.customerName}`,
    <EmailLayout
      preview={`Order ${p.orderNumber}: ${formatKobo(p.totalKobo)}${p.estimatedDelivery ? `, delivery by ${formatLagosDateLong(p.estimatedDelivery)}` : ""}.`}
      heading={`Thank you for your order, ${p.customerName}`}
      siteUrl={siteUrl}
    >
      <P>
        {p.estimatedDelivery
          ? `We have received order ${p.orderNumber}. Estimated delivery: ${formatLagosDateLong(p.estimatedDelivery)}, to ${p.address}.`
          : `We have received order ${p.orderNumber}. Nothing in it is delivered: your course enrolment is confirmed by e-mail as soon as the payment is.`}
      </P>
      {howToPay(p).map((line) => (
        <P key={line}>{line}</P>
      ))}
      <SummaryTable
        rows={[
          ...p.items.map((i) => ({ label: `${i.name} x ${i.quantity}`, value: formatKobo(i.priceKobo * i.quantity) })),
          { label: "Subtotal", value: formatKobo(p.subtotalKobo) },
          { label: "Delivery", value: !p.estimatedDelivery ? "Not needed" : p.shippingKobo === 0 ? "Free" : formatKobo(p.shippingKobo) },
          { label: "VAT", value: formatKobo(p.vatKobo) },
          { label: "Total", value: formatKobo(p.totalKobo), bold: true },
        ]}
      />
      <Action label="Track your order" url={`${siteUrl}/client-dashboard`} />
      <Footnote>
        Questions? Reply to this e-mail or call {COMPANY.phone}, quoting {p.orderNumber}.
      </Footnote>
    </EmailLayout>,
  );
}

export type TPaymentReceipt = {
  paymentReference: string;
  amountKobo: number;
  paymentDate: Date;
  description: string;
  customerName: string;
  orderId: string;
};

export function paymentReceiptEmail(p: TPaymentReceipt, siteUrl: string): TEmail {
  return renderEmail(
    `Payment receipt: ${formatKobo(p.amountKobo)} for ${p.description}`,
    <EmailLayout
      preview={`${formatKobo(p.amountKobo)} received, reference ${p.paymentReference}.`}
      heading={`Payment received, ${p.customerName}`}
      siteUrl={siteUrl}
    >
      <P>Thank you. We have received and verified your payment:</P>
      <SummaryTable
        rows={[
          { label: "Reference", value: p.paymentReference },
          { label: "Description", value: p.description },
          { label: "Date", value: formatLagosDateTimeLong(p.paymentDate) },
          { label: "Amount", value: formatKobo(p.amountKobo), bold: true },
        ]}
      />
      <Action label="Download your receipt (PDF)" url={`${siteUrl}/orders/${p.orderId}/receipt.pdf`} />
      <Footnote>Keep this e-mail as proof of payment.</Footnote>
    </EmailLayout>,
  );
}

export function orderStatusEmail(
  p: { orderNumber: string; customerName: string; headline: string; detail: string },
  siteUrl: string,
): TEmail {
  return renderEmail(
    `Order ${p.orderNumber}: ${p.headline}`,
    <EmailLayout preview={p.detail} heading={`Order ${p.orderNumber} ${p.headline}`} siteUrl={siteUrl}>
      <P>{p.detail}</P>
      <Action label="View your order" url={`${siteUrl}/client-dashboard`} />
      <Footnote>
        Questions? Reply to this e-mail or call {COMPANY.phone}, quoting {p.orderNumber}.
      </Footnote>
    </EmailLayout>,
  );
}
