import type { TContactMessage } from "~/lib/content-forms";
import { inquiryLabel } from "~/lib/content-forms";
import { renderEmail, type TEmail } from "./email-layout";

/** SPEC 3 contact payload; SPEC 9: we reply within 24 hours. */
export function contactAutoReplyEmail(msg: TContactMessage): TEmail {
  return renderEmail({
    subject: `We received your message: ${msg.subject}`,
    heading: `Thank you, ${msg.name}`,
    paragraphs: [
      "We have received your message and a member of our team will reply within 24 hours (Monday to Saturday).",
      `Your message (${inquiryLabel(msg.inquiryType)}): "${msg.message.length > 500 ? `${msg.message.slice(0, 500)}...` : msg.message}"`,
      "If your request is urgent, call us on +234 803 123 4500.",
    ],
    footnote: "You received this because you wrote to us through the contact form on zavolah.ng.",
  });
}

/** The copy for the sales team, who follow up within 24 hours. */
export function contactSalesCopyEmail(msg: TContactMessage, siteUrl: string): TEmail {
  return renderEmail({
    subject: `New contact message: ${msg.subject}`,
    heading: `New ${inquiryLabel(msg.inquiryType).toLowerCase()} message`,
    paragraphs: [
      `Name: ${msg.name}`,
      `Email: ${msg.email}`,
      `Phone: ${msg.phone ?? "Not provided"}`,
      `Inquiry type: ${inquiryLabel(msg.inquiryType)}`,
      `Subject: ${msg.subject}`,
      msg.message,
      "Please reply within 24 hours.",
    ],
    action: { label: `Reply to ${msg.name}`, url: `mailto:${msg.email}?subject=${encodeURIComponent(`Re: ${msg.subject}`)}` },
    footnote: `Sent from the contact form at ${siteUrl}/contact.`,
  });
}
