import { Link } from "react-router";
import type { Route } from "./+types/terms-of-service";
import { LegalPage } from "~/components/legal-page";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/terms-of-service", args);

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" effective="23 November 2026">
      <p>
        These terms govern your use of the Zavolah website, store, marketplace, academy, ZavCharge and services. By creating an account or
        placing an order you accept them.
      </p>

      <h2>Your account</h2>
      <p>
        Give accurate details and keep your password private. You are responsible for what happens under your account; tell us at once at
        support@zavolah.ng if you think someone else has used it.
      </p>

      <h2>Prices and payment</h2>
      <p>
        Prices are in naira and include VAT where it applies. An order is confirmed when we have verified your payment, or, for pay on
        delivery, when our team confirms it.
      </p>

      <h2>Delivery and installation</h2>
      <p>Delivery times on the site are estimates. Installation appointments can be rescheduled with at least 24 hours' notice.</p>

      <h2>Returns and refunds</h2>
      <p>
        Unused items can be returned within 7 days of delivery in their original packaging. Approved refunds go back to the original payment
        method. Course cancellations are refunded within 24 hours of approval.
      </p>

      <h2>Academy</h2>
      <p>
        Course materials are for your own learning and may not be shared or resold. Certificates are issued when you complete a course's
        requirements.
      </p>

      <h2>Marketplace sellers</h2>
      <p>Items from independent sellers are sold by them; we check sellers before they list and help resolve disputes.</p>

      <h2>Acceptable use</h2>
      <p>Do not misuse the site: no attempts to break in, overload it, scrape it, or use it to send spam or unlawful content.</p>

      <h2>Liability</h2>
      <p>
        We are responsible for loss that is a foreseeable result of our breaking these terms, up to the amount you paid for the product or
        service concerned, except where the law does not allow a limit.
      </p>

      <h2>Your data</h2>
      <p>
        How we handle personal data is set out in our{" "}
        <Link to="/privacy-policy" className="text-brand underline">
          Privacy Policy
        </Link>
        .
      </p>

      <h2>Governing law</h2>
      <p>These terms are governed by the laws of the Federal Republic of Nigeria, and disputes go to the courts of Lagos State.</p>
    </LegalPage>
  );
}
