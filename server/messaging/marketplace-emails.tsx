import { SELLER_KIND_LABEL, type TSellerKind } from "@domain/marketplace/marketplace";
import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P, Quote } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// E-mails about an application to sell on the marketplace (docs/product/marketplace.md#applications).

export type TSellerApplicationEmail = { name: string; businessName: string; kind: TSellerKind };

export function sellerApplicationReceivedEmail(p: TSellerApplicationEmail, siteUrl: string): TEmail {
  return renderEmail(
    `We received your application to sell as ${p.businessName}`,
    <EmailLayout preview="Our team reviews applications within 2 working days." heading="Thank you for applying" siteUrl={siteUrl}>
      <P>Hello {p.name}, we have your application to sell on the Zavolah Marketplace. Our team reviews it within 2 working days.</P>
      <Details
        rows={[
          ["Business", p.businessName],
          ["Applying as", SELLER_KIND_LABEL[p.kind]],
        ]}
      />
      <Action label="See your application" url={`${siteUrl}/marketplace/become-seller`} />
      <Footnote>Did not apply? Reply to this e-mail and we will remove the application.</Footnote>
    </EmailLayout>,
  );
}

export function sellerApprovedEmail(p: TSellerApplicationEmail & { storeSlug: string }, siteUrl: string): TEmail {
  return renderEmail(
    `Welcome to the Zavolah Marketplace, ${p.businessName}`,
    <EmailLayout preview="Your seller store is open." heading="Your application is approved" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, {p.businessName} is now a marketplace {p.kind === "architect" ? "architect and designer" : "seller"}. Your store
        page is ready for buyers to find you.
      </P>
      <Action label="See your store" url={`${siteUrl}/marketplace/sellers/${p.storeSlug}`} />
      <P>Payouts go to the bank account in your application. Tell us if it changes before your first sale.</P>
    </EmailLayout>,
  );
}

export function sellerRejectedEmail(p: TSellerApplicationEmail & { reason: string }, siteUrl: string): TEmail {
  return renderEmail(
    "About your application to sell on the Zavolah Marketplace",
    <EmailLayout
      preview="We could not approve your application this time."
      heading="We could not approve your application"
      siteUrl={siteUrl}
    >
      <P>
        Hello {p.name}, thank you for applying to sell as {p.businessName}. We could not approve the application, for this reason:
      </P>
      <Quote>{p.reason}</Quote>
      <P>You are welcome to apply again once this is addressed.</P>
      <Action label="Apply again" url={`${siteUrl}/marketplace/become-seller`} />
    </EmailLayout>,
  );
}

export function sellerInfoRequestedEmail(p: TSellerApplicationEmail & { request: string }, siteUrl: string): TEmail {
  return renderEmail(
    "We need a little more about your marketplace application",
    <EmailLayout preview="Update your application and send it again." heading="One more thing before we decide" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, we are reviewing your application to sell as {p.businessName} and need a little more from you:
      </P>
      <Quote>{p.request}</Quote>
      <Action label="Update my application" url={`${siteUrl}/marketplace/become-seller`} />
    </EmailLayout>,
  );
}

// E-mails about a listing's review (docs/product/marketplace.md#review-of-listings).

export type TListingReviewEmail = { name: string; title: string; slug: string };

export function listingPublishedEmail(p: TListingReviewEmail, siteUrl: string): TEmail {
  return renderEmail(
    `Your listing is live: ${p.title}`,
    <EmailLayout preview="Buyers can now find it on the marketplace." heading="Your listing is published" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, our team has checked “{p.title}” and it is now on the Zavolah Marketplace for buyers to find.
      </P>
      <Action label="See the listing" url={`${siteUrl}/marketplace/${p.slug}`} />
      <Footnote>A change of price, photos or files goes back to our team before buyers see it.</Footnote>
    </EmailLayout>,
  );
}

export function listingRejectedEmail(p: TListingReviewEmail & { reason: string }, siteUrl: string): TEmail {
  return renderEmail(
    `Your listing needs changes: ${p.title}`,
    <EmailLayout preview="Our team could not publish it yet." heading="We could not publish your listing" siteUrl={siteUrl}>
      <P>
        Hello {p.name}, our team reviewed “{p.title}” and could not publish it, for this reason:
      </P>
      <Quote>{p.reason}</Quote>
      <P>Edit the listing and save it: it comes back to us for another look.</P>
      <Action label="Open my listings" url={`${siteUrl}/seller/dashboard`} />
    </EmailLayout>,
  );
}

// E-mails about a consultation request (docs/product/marketplace.md#consultations).

export type TConsultationEmail = { studio: string; buyerName: string; brief: string; budget: string; place: string };

export function consultationRequestedEmail(p: TConsultationEmail & { architectName: string }, siteUrl: string): TEmail {
  return renderEmail(
    `New consultation request from ${p.buyerName}`,
    <EmailLayout preview={`${p.place}, budget ${p.budget}`} heading="A buyer asks for a consultation" siteUrl={siteUrl}>
      <P>
        Hello {p.architectName}, {p.buyerName} would like a consultation with {p.studio}:
      </P>
      <Quote>{p.brief}</Quote>
      <Details
        rows={[
          ["Budget", p.budget],
          ["Where", p.place],
        ]}
      />
      <Action label="Answer the request" url={`${siteUrl}/architect/dashboard#consultations`} />
      <Footnote>Buyers hear from you through your answer on the dashboard; reply within 2 working days.</Footnote>
    </EmailLayout>,
  );
}

export function consultationAnsweredEmail(
  p: TConsultationEmail & { accepted: boolean; reply: string; storeSlug: string },
  siteUrl: string,
): TEmail {
  return renderEmail(
    p.accepted ? `${p.studio} accepted your consultation request` : `${p.studio} cannot take your consultation request`,
    <EmailLayout
      preview={p.accepted ? "The architect will follow up as they describe." : "You can ask another architect on the marketplace."}
      heading={p.accepted ? "Your consultation is accepted" : "Your consultation request was declined"}
      siteUrl={siteUrl}
    >
      <P>
        Hello {p.buyerName}, {p.studio} {p.accepted ? "accepted" : "declined"} your request for {p.place}. Their message:
      </P>
      <Quote>{p.reply}</Quote>
      <Action
        label={p.accepted ? "See the studio" : "Find another architect"}
        url={p.accepted ? `${siteUrl}/marketplace/sellers/${p.storeSlug}` : `${siteUrl}/marketplace?category=Architecture+and+floor+plans`}
      />
    </EmailLayout>,
  );
}
