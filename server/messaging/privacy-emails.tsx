import { formatLagosDateLong } from "@domain/time/lagos-time";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P, Quote } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// E-mails about a request to delete one's data (docs/product/privacy-requests.md#e-mails).

export type TDeletionRequestEmail = { name: string; reference: string; requestedAt: Date; dueAt: Date };

export function deletionRequestedEmail(p: TDeletionRequestEmail, siteUrl: string): TEmail {
  return renderEmail(
    `We received your request to delete your Zavolah account (${p.reference})`,
    <EmailLayout
      preview={`We will delete your data by ${formatLagosDateLong(p.dueAt)}.`}
      heading="We received your request"
      siteUrl={siteUrl}
    >
      <P>
        Hello {p.name}, you asked us to delete your Zavolah account and the personal data we hold about you. Our team will do it by{" "}
        {formatLagosDateLong(p.dueAt)} at the latest, and we will e-mail you when it is done.
      </P>
      <Details
        rows={[
          ["Request", p.reference],
          ["Received", formatLagosDateLong(p.requestedAt)],
          ["Done by", formatLagosDateLong(p.dueAt)],
        ]}
      />
      <P>
        Orders and invoices stay in our accounts, as tax law requires, but without your name, e-mail, phone or address. Until we finish you
        can still sign in, download a copy of your data, or withdraw the request.
      </P>
      <Action label="See or withdraw the request" url={`${siteUrl}/account#delete-title`} />
      <Footnote>Did not ask for this? Sign in and withdraw the request, then change your password.</Footnote>
    </EmailLayout>,
  );
}

export function deletionWithdrawnEmail(p: Pick<TDeletionRequestEmail, "name" | "reference">, siteUrl: string): TEmail {
  return renderEmail(
    `Your deletion request ${p.reference} is withdrawn`,
    <EmailLayout preview="Your account stays as it is." heading="Request withdrawn" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, your request to delete your Zavolah account ({p.reference}) is withdrawn. Your account stays as it is.
      </P>
      <Footnote>Did not withdraw it yourself? Sign in, change your password and ask again from your account page.</Footnote>
    </EmailLayout>,
  );
}

export function deletionCompletedEmail(p: Pick<TDeletionRequestEmail, "name" | "reference">, siteUrl: string): TEmail {
  return renderEmail(
    "Your Zavolah account has been deleted",
    <EmailLayout preview="We no longer hold your personal data." heading="Your data has been deleted" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, as you asked ({p.reference}), we have deleted your Zavolah account and the personal data we held about you. You can
        no longer sign in.
      </P>
      <P>
        Orders, invoices and payments stay in our accounts for as long as tax law requires, without your name, e-mail, phone or address.
        This e-mail is the last we send you; our copy of it is cleared once it has gone out.
      </P>
      <Footnote>You are welcome back at any time with a new account.</Footnote>
    </EmailLayout>,
  );
}

export function deletionDeclinedEmail(p: Pick<TDeletionRequestEmail, "name" | "reference"> & { reason: string }, siteUrl: string): TEmail {
  return renderEmail(
    `We could not delete your Zavolah account yet (${p.reference})`,
    <EmailLayout preview="What keeps your data, and what to do next." heading="Your request could not be completed" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, we looked at your request to delete your Zavolah account ({p.reference}) and could not complete it:
      </P>
      <Quote>{p.reason}</Quote>
      <P>
        Your account stays open. Once this is settled you can ask again from your account page. If you disagree, write to
        privacy@zavolah.ng, or complain to the Nigeria Data Protection Commission.
      </P>
      <Action label="Open your account" url={`${siteUrl}/account#delete-title`} />
    </EmailLayout>,
  );
}
