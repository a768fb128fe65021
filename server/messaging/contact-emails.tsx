import type { TContactMessage } from "@domain/content/content-input";
import { inquiryLabel } from "@domain/content/public-forms";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P, Quote } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// Contact e-mails, docs/product/content.md#contact (name, email, phone shown "Not provided" when missing, subject, inquiryType,
// message); we reply within 24 hours (docs/product/business-constants.md).

const clip = (message: string) => (message.length > 500 ? `${message.slice(0, 500)}...` : message);

export function contactAutoReplyEmail(msg: TContactMessage): TEmail {
  return renderEmail(
    `We received your message: ${msg.subject}`,
    <EmailLayout preview="A member of our team will reply within 24 hours." heading={`Thank you, ${msg.name}`}>
      <P>We have received your message and a member of our team will reply within 24 hours (Monday to Saturday).</P>
      <P>Your message ({inquiryLabel(msg.inquiryType)}):</P>
      <Quote>{clip(msg.message)}</Quote>
      <P>If your request is urgent, call us on +234 803 123 4500.</P>
      <Footnote>You received this because you wrote to us through the contact form on zavolah.ng.</Footnote>
    </EmailLayout>,
  );
}

/** The copy for the sales team, who follow up within 24 hours. */
export function contactSalesCopyEmail(msg: TContactMessage, siteUrl: string): TEmail {
  return renderEmail(
    `New contact message: ${msg.subject}`,
    <EmailLayout
      preview={`${msg.name} wrote about ${msg.subject}`}
      heading={`New ${inquiryLabel(msg.inquiryType).toLowerCase()} message`}
      siteUrl={siteUrl}
    >
      <Details
        rows={[
          ["Name", msg.name],
          ["Email", msg.email],
          ["Phone", msg.phone ?? "Not provided"],
          ["Inquiry type", inquiryLabel(msg.inquiryType)],
          ["Subject", msg.subject],
        ]}
      />
      <Quote>{msg.message}</Quote>
      <P>Please reply within 24 hours.</P>
      <Action label={`Reply to ${msg.name}`} url={`mailto:${msg.email}?subject=${encodeURIComponent(`Re: ${msg.subject}`)}`} />
      <Footnote>Sent from the contact form at {siteUrl}/contact.</Footnote>
    </EmailLayout>,
  );
}
