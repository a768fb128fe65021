import type { Route } from "./+types/privacy-policy";
import { LegalPage } from "~/components/legal-page";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/privacy-policy", args);

/** Our privacy policy under the Nigeria Data Protection Act 2023 (NDPA). */
export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" effective="25 November 2026">
      <p>
        Zavolah Ltd ("Zavolah", "we") is the data controller for the personal data described here. We process it under the Nigeria Data
        Protection Act 2023 and the rules of the Nigeria Data Protection Commission (NDPC). Write to our Data Protection Officer at{" "}
        <a href="mailto:privacy@zavolah.ng" className="text-brand underline">
          privacy@zavolah.ng
        </a>{" "}
        or at 8 Admiralty Way, Lekki Phase 1, Lagos.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          Account details: your name, e-mail address, phone number, password (stored only as a one-way hash), photo and, for staff,
          department.
        </li>
        <li>
          Orders and services: delivery addresses, items bought, installation and appointment details, and payment references. Card details
          go straight to our payment providers (Paystack, Flutterwave); we never see or store your card number.
        </li>
        <li>Academy: courses you enrol in, your progress, assignments and certificates.</li>
        <li>ZavCharge: your balance, top-ups and charging sessions (station, time, energy and cost).</li>
        <li>Messages you send us through forms, e-mail or phone.</li>
        <li>Technical data: IP address, browser and device type, and security logs of sign-ins and password resets.</li>
      </ul>

      <h2>Why we use it, and our lawful basis</h2>
      <ul>
        <li>To run your account and deliver what you buy, book or enrol in: performance of our contract with you.</li>
        <li>To keep accounts safe (sign-in limits, two-factor authentication, fraud checks): our legitimate interest in security.</li>
        <li>To keep invoices and tax records: legal obligation.</li>
        <li>
          To send news and offers: only with your consent, which you can withdraw at any time with the unsubscribe link in every marketing
          e-mail.
        </li>
        <li>
          To remind you of items you left in your cart while signed in: at most two e-mails about each cart, within a week, unless you have
          unsubscribed from our marketing e-mail or switched e-mail off in your account&apos;s notification settings. Our legitimate
          interest in helping you finish a purchase you started, or your consent where you gave it; every reminder has an unsubscribe link,
          and once you use it we send no more.
        </li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        Only with those who help us serve you, under contracts that bind them to protect it: payment providers, delivery and installation
        partners, e-mail and SMS providers, and our hosting provider. We share data with authorities only where the law requires it. We do
        not sell personal data.
      </p>
      <p>Where a provider stores data outside Nigeria, we transfer it only as the NDPA allows, with adequate protection in place.</p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Your account: for as long as it is open, and then up to 12 months, to deal with questions or disputes, unless you ask us to delete
          it (below).
        </li>
        <li>Orders, invoices and payment records: 6 years, as tax law requires.</li>
        <li>Security logs: 12 months.</li>
        <li>Marketing preferences: until you withdraw consent.</li>
        <li>Records of carts left and the reminders about them: 12 months.</li>
      </ul>

      <h2>Your rights</h2>
      <p>Under the NDPA you may ask us to:</p>
      <ul>
        <li>give you a copy of your personal data, and in a portable format;</li>
        <li>correct data that is wrong or incomplete;</li>
        <li>erase your data, or restrict how we use it;</li>
        <li>stop using it for marketing, or for purposes based on our legitimate interests;</li>
        <li>not subject you to decisions made solely by automated means.</li>
      </ul>
      <p>
        Signed in, you can download a copy of your data yourself, as a JSON file, from the “Your data” section of your account page. For
        anything else, write to privacy@zavolah.ng; we answer within 30 days. You may also complain to the Nigeria Data Protection
        Commission.
      </p>

      <h2>Deleting your account and data</h2>
      <p>
        Signed in, open your account page and use “Delete my account”: you confirm with your password, and we delete your data within 30
        days of your request and e-mail you when it is done. Until then you can withdraw the request. Without an account, or if you cannot
        sign in, write to privacy@zavolah.ng.
      </p>
      <ul>
        <li>
          We delete your name, e-mail address, phone number, photo, password and sign-in details, your cart and saved items, your
          notifications and newsletter subscription, our team&apos;s notes about you, your messages, your course work and your ZavCharge
          details. You can no longer sign in.
        </li>
        <li>
          We keep, without your name, e-mail, phone or address, what the law requires us to keep: orders, invoices and payment records (6
          years, for tax and accounting). Your course certificates stay verifiable by their code, without your name, and your reviews stay
          as “A customer”.
        </li>
        <li>
          If an order is on its way to you, or we still owe you money (marketplace earnings), we finish that first, and tell you if it
          delays the deletion. An order not yet paid is cancelled. Money left in a ZavCharge wallet is given up only if you agree when you
          ask; otherwise ask us to refund it first.
        </li>
        <li>
          So that an old mailing list or customer file can never bring you back, we keep a one-way fingerprint of your e-mail address (not
          the address itself): lists we import later leave that address out.
        </li>
      </ul>

      <h2>Security</h2>
      <p>
        Passwords are hashed, connections are encrypted, and access to customer data is limited to staff who need it, with every
        administrative change logged. If a breach puts your rights at risk, we tell the NDPC within 72 hours and tell you without undue
        delay.
      </p>

      <h2>Cookies</h2>
      <p>
        We use a session cookie to keep you signed in, a cookie that keeps your cart for 30 days while you shop without signing in (it holds
        a random number, nothing about you), and a cookie that remembers your light or dark theme. We do not use advertising cookies.
      </p>

      <h2>Counting visits</h2>
      <p>
        To know which pages help people and where they come from, our own server counts page visits: the page, the website that sent you
        (its name only), campaign tags in the link (such as utm_source), whether you use a phone, tablet or computer, and a code that lets
        us count you once a day. The code is made from the date, your IP address and your browser under a secret key and changes every day;
        your IP address itself is not stored, and the code cannot be linked to your account. No outside analytics script or cookie is
        involved. If your browser sends Do Not Track or Global Privacy Control, we count nothing. Visit counts are kept for 13 months.
      </p>

      <h2>Children</h2>
      <p>Our services are for adults. We do not knowingly collect data from children under 18 without a parent's consent.</p>

      <h2>Changes</h2>
      <p>When we change this policy we update the date above, and we tell account holders by e-mail about important changes.</p>
    </LegalPage>
  );
}
