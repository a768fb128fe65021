import { COMPANY } from "@domain/company/company";
import { formatKobo } from "@domain/money/money";
import type { TEmail } from "./email-layout";
import { Action, Footnote, P, SummaryTable } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

export type TCartReminder = {
  customerName: string;
  /** The cart's lines with today's prices. */
  items: { name: string; quantity: number; unitPriceKobo: number }[];
  valueKobo: number;
  /** 1 or 2: the second one is worded as the last. */
  reminder: number;
  /** The signed link that puts these items back in the cart. */
  restoreUrl: string;
  /** The person's own one-click unsubscribe link: a cart reminder is marketing mail. */
  unsubscribeUrl: string;
};

const itemCount = (items: TCartReminder["items"]) => items.reduce((n, i) => n + i.quantity, 0);

/**
 * The abandoned-cart reminder (docs/product/store-and-orders.md#abandoned-carts): the lines at today's prices, the cart
 * value, a button back to the cart, and the unsubscribe link every marketing e-mail carries.
 */
export function cartReminderEmail(p: TCartReminder, siteUrl: string): TEmail {
  const n = itemCount(p.items);
  const things = `${n} item${n === 1 ? "" : "s"}`;
  const last = p.reminder >= 2;
  return renderEmail(
    last ? `Still thinking it over, ${p.customerName}? Your cart is saved` : `You left ${things} in your Zavolah cart`,
    <EmailLayout
      preview={`${things} worth ${formatKobo(p.valueKobo)} are waiting in your cart.`}
      heading={last ? "Your cart is still saved" : `Your cart is waiting, ${p.customerName}`}
      siteUrl={siteUrl}
      unsubscribeUrl={p.unsubscribeUrl}
      unsubscribeNote="You are receiving this because you left items in your cart at zavolah.ng."
    >
      <P>
        {last
          ? "We are keeping the items you chose. If something held you back (delivery, installation or how to pay), reply to this e-mail and our team will help."
          : "You added these to your cart but did not check out. They are saved for you:"}
      </P>
      <SummaryTable
        rows={[
          ...p.items.map((i) => ({ label: `${i.name} x ${i.quantity}`, value: formatKobo(i.unitPriceKobo * i.quantity) })),
          { label: "Cart value", value: formatKobo(p.valueKobo), bold: true },
        ]}
      />
      <P>Delivery and VAT are worked out at checkout. You can pay by card, bank transfer or, for store items, on delivery.</P>
      <Action label="Return to your cart" url={p.restoreUrl} />
      <Footnote>
        Prices and stock can change: your cart shows today's. Questions? Call {COMPANY.phone} or reply to this e-mail.
        {last ? " This is the last reminder we send about this cart." : ""}
      </Footnote>
    </EmailLayout>,
  );
}
