import { renderEmail, type TEmail } from "./email-layout";

export function confirmSubscriptionEmail(confirmUrl: string): TEmail {
  return renderEmail({
    subject: "Confirm your Zavolah newsletter subscription",
    heading: "One more step",
    paragraphs: [
      "Someone (we hope you) asked to receive Zavolah's newsletter at this address: news on solar systems, smart furniture, Academy courses and offers.",
      "Please confirm that you want these e-mails. Until you do, we will not send you any.",
    ],
    action: { label: "Yes, subscribe me", url: confirmUrl },
    footnote: "This link expires in 7 days. If you did not ask for this, ignore this e-mail and nothing will happen.",
  });
}

/** The first marketing e-mail: it carries the unsubscribe link, as every marketing e-mail must. */
export function subscribedEmail(siteUrl: string, unsubscribeUrl: string): TEmail {
  return renderEmail({
    subject: "You're subscribed to Zavolah updates",
    heading: "Welcome to the Zavolah newsletter",
    paragraphs: [
      "You'll receive our latest updates and offers via email: new solar packages, smart furniture, Academy intakes and ZavCharge stations near you.",
      "We send at most a few e-mails a month, and you can leave at any time with the link at the bottom of every e-mail.",
    ],
    action: { label: "Visit Zavolah", url: siteUrl },
    unsubscribeUrl,
  });
}
