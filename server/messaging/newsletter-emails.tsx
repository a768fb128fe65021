import type { TEmail } from "./email-layout";
import { Action, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

/** Not marketing yet: the double opt-in request, so no unsubscribe link (there is nothing to leave). */
export function confirmSubscriptionEmail(confirmUrl: string): TEmail {
  return renderEmail(
    "Confirm your Zavolah newsletter subscription",
    <EmailLayout preview="Please confirm that you want Zavolah's newsletter." heading="One more step">
      <P>
        Someone (we hope you) asked to receive Zavolah's newsletter at this address: news on solar systems, smart furniture, Academy courses
        and offers.
      </P>
      <P>Please confirm that you want these e-mails. Until you do, we will not send you any.</P>
      <Action label="Yes, subscribe me" url={confirmUrl} />
      <Footnote>This link expires in 7 days. If you did not ask for this, ignore this e-mail and nothing will happen.</Footnote>
    </EmailLayout>,
  );
}

/** The first marketing e-mail: it carries the unsubscribe link, as every marketing e-mail must. */
export function subscribedEmail(siteUrl: string, unsubscribeUrl: string): TEmail {
  return renderEmail(
    "You're subscribed to Zavolah updates",
    <EmailLayout
      preview="New solar packages, smart furniture, Academy intakes and ZavCharge news."
      heading="Welcome to the Zavolah newsletter"
      siteUrl={siteUrl}
      unsubscribeUrl={unsubscribeUrl}
      social
    >
      <P>
        You'll receive our latest updates and offers via email: new solar packages, smart furniture, Academy intakes and ZavCharge stations
        near you.
      </P>
      <P>We send at most a few e-mails a month, and you can leave at any time with the link at the bottom of every e-mail.</P>
      <Action label="Visit Zavolah" url={siteUrl} />
    </EmailLayout>,
  );
}
