import { PROJECTION_NOTE } from "@domain/investments/disclosures";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P, Quote } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// E-mails about applying to invest and about investments (docs/product/investments.md).

export function investorApplicationReceivedEmail(p: { name: string }, siteUrl: string): TEmail {
  return renderEmail(
    "We received your application to invest with Zavolah",
    <EmailLayout preview="Our team checks applications within 2 working days." heading="Thank you for applying" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, we have your application to invest with Zavolah. Our team checks your identity and bank account within 2 working
        days and e-mails you the decision.
      </P>
      <Action label="See your application" url={`${siteUrl}/invest/apply`} />
      <Footnote>Did not apply? Reply to this e-mail and we will remove the application and your ID document.</Footnote>
    </EmailLayout>,
  );
}

export function investorApprovedEmail(p: { name: string }, siteUrl: string): TEmail {
  return renderEmail(
    "You can now invest with Zavolah",
    <EmailLayout preview="Your investor account is open." heading="Your application is approved" siteUrl={siteUrl}>
      <P>Hello {p.name}, we have checked your details and your investor account is open. You can choose a tier and invest.</P>
      <Action label="See the tiers" url={`${siteUrl}/invest`} />
      <Footnote>{PROJECTION_NOTE}</Footnote>
    </EmailLayout>,
  );
}

export function investorRejectedEmail(p: { name: string; reason: string }, siteUrl: string): TEmail {
  return renderEmail(
    "About your application to invest with Zavolah",
    <EmailLayout
      preview="We could not approve your application this time."
      heading="We could not approve your application"
      siteUrl={siteUrl}
    >
      <P>Hello {p.name}, thank you for applying to invest. We could not approve the application, for this reason:</P>
      <Quote>{p.reason}</Quote>
      <P>You are welcome to apply again once this is addressed.</P>
      <Action label="Apply again" url={`${siteUrl}/invest/apply`} />
    </EmailLayout>,
  );
}

export function investorInfoRequestedEmail(p: { name: string; request: string }, siteUrl: string): TEmail {
  return renderEmail(
    "We need a little more about your application to invest",
    <EmailLayout preview="Update your application and send it again." heading="One more thing before we decide" siteUrl={siteUrl}>
      <P>Hello {p.name}, we are checking your application to invest and need a little more from you:</P>
      <Quote>{p.request}</Quote>
      <Action label="Update your application" url={`${siteUrl}/invest/apply`} />
    </EmailLayout>,
  );
}

export type TInvestmentActiveEmail = {
  name: string;
  reference: string;
  tierName: string;
  principalKobo: number;
  startDate: Date;
  maturityDate: Date;
};

export function investmentActiveEmail(p: TInvestmentActiveEmail, siteUrl: string): TEmail {
  return renderEmail(
    `Your ${p.tierName} investment is active`,
    <EmailLayout preview="Your payment arrived and your agreement is ready." heading="Your investment is active" siteUrl={siteUrl}>
      <P>Hello {p.name}, your payment arrived and your investment is now active. Your agreement is ready to download.</P>
      <Details
        rows={[
          ["Reference", p.reference],
          ["Tier", p.tierName],
          ["Amount", formatKobo(p.principalKobo)],
          ["Started", formatLagosDate(p.startDate)],
          ["Matures", formatLagosDate(p.maturityDate)],
        ]}
      />
      <Action label="See your investments" url={`${siteUrl}/investor-dashboard`} />
      <Footnote>{PROJECTION_NOTE}</Footnote>
    </EmailLayout>,
  );
}
