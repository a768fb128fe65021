import { unsubscribeUrlFor, unsubscribeUrlNamingAddress } from "../content/newsletter/newsletter-tokens";
import { publicUrl } from "../env";
import { accountExistsEmail, confirmEmail, resetPasswordEmail, welcomeEmail } from "./account-emails";
import {
  appointmentCancelledEmail,
  appointmentConfirmedEmail,
  appointmentRequestedEmail,
  type TAppointmentPayload,
} from "./appointment-emails";
import { campaignEmail } from "./campaign-emails";
import { cartReminderEmail, type TCartReminder } from "./cart-emails";
import { contactAutoReplyEmail, contactSalesCopyEmail } from "./contact-emails";
import { courseEnrollmentEmail } from "./course-emails";
import type { TEmail } from "./email-layout";
import { genericEmail } from "./generic-emails";
import {
  investmentActiveEmail,
  investorApplicationReceivedEmail,
  investorApprovedEmail,
  investorInfoRequestedEmail,
  investorRejectedEmail,
} from "./investment-emails";
import { confirmSubscriptionEmail, subscribedEmail } from "./newsletter-emails";
import { notificationEmail } from "./notification-emails";
import { orderConfirmationEmail, orderStatusEmail, paymentReceiptEmail } from "./order-emails";
import { deletionCompletedEmail, deletionDeclinedEmail, deletionRequestedEmail, deletionWithdrawnEmail } from "./privacy-emails";
import { staffNotificationEmail } from "./staff-emails";
import { zavchargePinResetEmail, zavchargeWelcomeEmail, zavchargeWelcomeSms, type TZavChargeWelcome } from "./zavcharge-emails";
import {
  consultationAnsweredEmail,
  consultationRequestedEmail,
  listingPublishedEmail,
  listingRejectedEmail,
  sellerApplicationReceivedEmail,
  sellerApprovedEmail,
  sellerInfoRequestedEmail,
  sellerRejectedEmail,
} from "./marketplace-emails";

// Every e-mail the site sends, rendered with realistic sample data for /admin/email-templates, and every SMS text built
// beside them. A template added to the site belongs here too, so admins can see it before customers do;
// templates.test.ts fails for a builder in *-emails.tsx that no preview calls.

/**
 * The secrets in the samples, recognisable so the tests can find them: none may reach a subject or an inbox preview
 * line, and masking (docs/product/messaging.md#secrets-in-messages) must hide each of them.
 */
export const SAMPLE_SECRETS = {
  code: "482913",
  token: "SAMPLE-link-token-7f3c9a2e",
  /** A signed path segment's HMAC (43 base64url characters), shaped like the real ones. */
  signature: "SAMPLEsignatureSAMPLEsignatureSAMPLEsig0123",
} as const;

export type TTemplatePreview = { id: string; name: string; group: string; marketing: boolean; render: (siteUrl: string) => TEmail };

const seller = { name: "Adaeze Nwosu", businessName: "Adire Living Interiors", kind: "seller" as const };
const SAMPLE_DAY = new Date("2026-12-10T09:00:00+01:00");
const ORDER_ID = "7c1e4c0a-3b55-4d8e-9b1e-2f0a6d1c9e42";
const appointment: TAppointmentPayload = {
  reference: "ZS-7K4Q2M",
  customerName: "Funmilayo Adeyemi",
  serviceType: "Solar installation",
  appointmentDate: "Thursday, 10 December 2026",
  technician: "Ibrahim Musa",
  location: "Plot 1184 Aminu Kano Crescent, Wuse 2, Abuja, FCT",
};
const contact = {
  name: "Yusuf Danladi",
  email: "yusuf.danladi@example.ng",
  phone: undefined,
  subject: "Quote for a 5 kVA system in Ikeja",
  inquiryType: "sales",
  message:
    "Good afternoon,\nWe run a pharmacy on Allen Avenue, Ikeja, and NEPA light is off most of the day. Please send a quote for a 5 kVA inverter with batteries that can carry our two fridges and the POS.",
} as const;

const cartReminder = (site: string, reminder: number): TCartReminder => ({
  customerName: "Bisola Adewale",
  items: [
    { name: "Canadian Solar HiKu 400W Mono Panel (400W)", quantity: 2, unitPriceKobo: 14_200_000 },
    { name: "AGM Gel Solar Battery (100Ah)", quantity: 1, unitPriceKobo: 16_500_000 },
  ],
  valueKobo: 44_900_000,
  reminder,
  restoreUrl: `${site}/cart/restore/41.${SAMPLE_SECRETS.signature}`,
  unsubscribeUrl: unsubscribeUrlNamingAddress("bisola.adewale@example.ng"),
});

const zavchargeWelcome: TZavChargeWelcome = {
  name: "Ifeanyi Okafor",
  subscriptionId: "ZAV48213907LEKK",
  planName: "ZavCharge Monthly",
  expiresAt: new Date("2027-01-10T09:00:00+01:00"),
  welcomeCreditKobo: 100_000,
};

const t = (id: string, name: string, group: string, render: TTemplatePreview["render"], marketing = false): TTemplatePreview => ({
  id,
  name,
  group,
  marketing,
  render,
});

export const TEMPLATE_PREVIEWS: readonly TTemplatePreview[] = [
  t("welcome", "Welcome", "Account", (site) => welcomeEmail("Chiamaka Okonkwo", "customer", site)),
  t("welcome-staff", "Welcome (staff)", "Account", (site) => welcomeEmail("Tunde Bakare", "staff", site)),
  t("confirm-email", "Confirm e-mail", "Account", (site) =>
    confirmEmail("Chiamaka Okonkwo", `${site}/auth/callback?token=${SAMPLE_SECRETS.token}`),
  ),
  t("reset-password", "Password reset", "Account", (site) =>
    resetPasswordEmail("Chiamaka Okonkwo", `${site}/reset-password?token=${SAMPLE_SECRETS.token}`),
  ),
  t("account-exists", "Account already exists", "Account", (site) => accountExistsEmail("Chiamaka Okonkwo", site)),
  t("deletion-requested", "Deletion request received", "Account", (site) =>
    deletionRequestedEmail(
      { name: "Chiamaka Okonkwo", reference: "DR-0042", requestedAt: SAMPLE_DAY, dueAt: new Date("2027-01-09T23:59:59+01:00") },
      site,
    ),
  ),
  t("deletion-withdrawn", "Deletion request withdrawn", "Account", (site) =>
    deletionWithdrawnEmail({ name: "Chiamaka Okonkwo", reference: "DR-0042" }, site),
  ),
  t("deletion-completed", "Data deleted", "Account", (site) =>
    deletionCompletedEmail({ name: "Chiamaka Okonkwo", reference: "DR-0042" }, site),
  ),
  t("deletion-declined", "Deletion request declined", "Account", (site) =>
    deletionDeclinedEmail(
      {
        name: "Chiamaka Okonkwo",
        reference: "DR-0042",
        reason:
          "Your order ZV-100482 (a 5 kVA inverter) is on its way to you. We need your address and phone to deliver it; ask again once it has arrived.",
      },
      site,
    ),
  ),
  t("order-confirmation", "Order confirmation", "Store", (site) =>
    orderConfirmationEmail(
      {
        orderId: ORDER_ID,
        orderNumber: "ZV-100482",
        customerName: "Emeka Eze",
        customerEmail: "emeka.eze@example.ng",
        items: [
          { name: "5 kVA hybrid inverter", quantity: 1, priceKobo: 85_000_000 },
          { name: "Lithium battery 5 kWh", quantity: 2, priceKobo: 120_000_000 },
          { name: "Monocrystalline solar panel 450 W", quantity: 6, priceKobo: 14_500_000 },
        ],
        subtotalKobo: 412_000_000,
        shippingKobo: 0,
        vatKobo: 30_900_000,
        totalKobo: 442_900_000,
        estimatedDelivery: SAMPLE_DAY,
        paymentMethod: "bank_transfer",
        address: "15 Admiralty Way, Lekki Phase 1, Lagos",
      },
      site,
    ),
  ),
  t("payment-receipt", "Payment receipt", "Store", (site) =>
    paymentReceiptEmail(
      {
        paymentReference: "GTB-TRF-204811",
        amountKobo: 442_900_000,
        paymentDate: SAMPLE_DAY,
        description: "Order ZV-100482",
        customerName: "Emeka Eze",
        orderId: ORDER_ID,
      },
      site,
    ),
  ),
  t("order-status", "Order status update", "Store", (site) =>
    orderStatusEmail(
      {
        orderNumber: "ZV-100482",
        customerName: "Emeka Eze",
        headline: "is on its way",
        detail:
          "Your order left our Lagos warehouse with GIG Logistics waybill 55102. Expect it at 15 Admiralty Way, Lekki Phase 1 within 2 working days.",
      },
      site,
    ),
  ),
  t("appointment-requested", "Service appointment (booked)", "Services", (site) =>
    appointmentRequestedEmail({ ...appointment, technician: "To be assigned" }, site),
  ),
  t("appointment-confirmed", "Service appointment (confirmed)", "Services", (site) => appointmentConfirmedEmail(appointment, site)),
  t("appointment-cancelled", "Service appointment (cancelled)", "Services", (site) => appointmentCancelledEmail(appointment, site)),
  t("course-enrollment", "Course enrolment", "Academy", (site) =>
    courseEnrollmentEmail(
      {
        studentName: "Aisha Bello",
        studentEmail: "aisha.bello@example.ng",
        courseName: "Solar PV Installation Fundamentals",
        startDate: new Date("2027-01-11T09:00:00+01:00"),
        duration: "6 weeks",
        instructor: "Engr. Olumide Fashola",
        accessLink: `${site}/academy/solar-pv-installation-fundamentals`,
      },
      site,
    ),
  ),
  t("zavcharge-welcome", "ZavCharge welcome", "ZavCharge", (site) => zavchargeWelcomeEmail(zavchargeWelcome, site)),
  t("zavcharge-pin-reset", "ZavCharge PIN reset code", "ZavCharge", (site) =>
    zavchargePinResetEmail({ name: "Ifeanyi Okafor", subscriptionId: "ZAV48213907LEKK", code: SAMPLE_SECRETS.code }, site),
  ),
  t("seller-application-received", "Seller application received", "Marketplace", (site) => sellerApplicationReceivedEmail(seller, site)),
  t("seller-approved", "Seller approved", "Marketplace", (site) =>
    sellerApprovedEmail({ ...seller, storeSlug: "adire-living-interiors" }, site),
  ),
  t("seller-info-requested", "Seller application: more information", "Marketplace", (site) =>
    sellerInfoRequestedEmail({ ...seller, request: "Please add photos of two finished pieces and your CAC certificate number." }, site),
  ),
  t("seller-rejected", "Seller application not approved", "Marketplace", (site) =>
    sellerRejectedEmail(
      { ...seller, reason: "The products in the application are resold imports; the marketplace is for makers and designers." },
      site,
    ),
  ),
  t("investor-application-received", "Investor application received", "Investments", (site) =>
    investorApplicationReceivedEmail({ name: "Adaeze Okonkwo" }, site),
  ),
  t("investor-approved", "Investor approved", "Investments", (site) => investorApprovedEmail({ name: "Adaeze Okonkwo" }, site)),
  t("investor-info-requested", "Investor application: more information", "Investments", (site) =>
    investorInfoRequestedEmail(
      { name: "Adaeze Okonkwo", request: "The photo of your NIN slip is blurred. Please send a clearer photo." },
      site,
    ),
  ),
  t("investor-rejected", "Investor application not approved", "Investments", (site) =>
    investorRejectedEmail({ name: "Adaeze Okonkwo", reason: "The name on the bank account does not match the name on your ID." }, site),
  ),
  t("investment-active", "Investment active", "Investments", (site) =>
    investmentActiveEmail(
      {
        name: "Adaeze Okonkwo",
        reference: "ZINV-2026-000042",
        tierName: "Solar Mini-Grid Note",
        principalKobo: 250_000_000,
        startDate: new Date("2026-11-02T09:00:00Z"),
        maturityDate: new Date("2027-11-02T09:00:00Z"),
      },
      site,
    ),
  ),
  t("listing-published", "Listing published", "Marketplace", (site) =>
    listingPublishedEmail(
      { name: "Musa Abdullahi", title: "Convertible sofa bed in iroko", slug: "convertible-sofa-bed-in-iroko-4f2a9c" },
      site,
    ),
  ),
  t("listing-rejected", "Listing not published", "Marketplace", (site) =>
    listingRejectedEmail(
      {
        name: "Musa Abdullahi",
        title: "Convertible sofa bed in iroko",
        slug: "convertible-sofa-bed-in-iroko-4f2a9c",
        reason: "The photos show a different sofa from the description. Add photos of the piece you are selling.",
      },
      site,
    ),
  ),
  t("consultation-requested", "Consultation request", "Marketplace", (site) =>
    consultationRequestedEmail(
      {
        studio: "Bello Design Studio",
        architectName: "Zainab Bello",
        buyerName: "Emeka Eze",
        brief: "A four-bedroom duplex on a 60 x 120 ft plot in Lokogoma, with a home office and room for 10 solar panels.",
        budget: "₦2,500,000.00",
        place: "Abuja, Federal Capital Territory",
      },
      site,
    ),
  ),
  t("consultation-answered", "Consultation answered", "Marketplace", (site) =>
    consultationAnsweredEmail(
      {
        studio: "Bello Design Studio",
        buyerName: "Emeka Eze",
        brief: "A four-bedroom duplex on a 60 x 120 ft plot in Lokogoma.",
        budget: "₦2,500,000.00",
        place: "Abuja, Federal Capital Territory",
        accepted: true,
        reply: "Thank you, Emeka. I will call you on Thursday to arrange a site visit in Lokogoma.",
        storeSlug: "bello-design-studio",
      },
      site,
    ),
  ),
  t("staff-notification", "Staff notification", "Staff", (site) =>
    staffNotificationEmail({
      staffName: "Sales team",
      staffEmail: "sales@zavolah.ng",
      priority: "high",
      subject: "New booking ZS-7K4Q2M: Solar installation in FCT",
      message:
        "Funmilayo Adeyemi booked solar installation for Thursday, 10 December 2026.\nPhone: +2348035551234\nLocation: Plot 1184 Aminu Kano Crescent, Wuse 2, Abuja, FCT\nNotes: 3-bedroom flat, roof is aluminium.",
      actionRequired: "Call the customer within 24 hours, agree the date, then confirm the booking with a technician's name.",
      actionUrl: `${site}/staff/appointments?q=ZS-7K4Q2M`,
      actionLabel: "Open the appointments list",
    }),
  ),
  t("contact-auto-reply", "Contact auto-reply", "Contact", () => contactAutoReplyEmail(contact)),
  t("contact-sales-copy", "Contact copy to sales", "Contact", (site) => contactSalesCopyEmail(contact, site)),
  t("notification", "Notification copy", "Notifications", (site) =>
    notificationEmail(
      {
        name: "Aisha Bello",
        title: "Your enrolment deadline is tomorrow",
        message:
          "Enrolment for Solar PV Installation Fundamentals closes tomorrow at midnight. Pay the ₦150,000.00 balance to keep your place.",
        link: "/academy",
      },
      site,
    ),
  ),
  t("cart-reminder", "Cart reminder", "Store", (site) => cartReminderEmail(cartReminder(site, 1), site), true),
  t("cart-reminder-last", "Cart reminder (last)", "Store", (site) => cartReminderEmail(cartReminder(site, 2), site), true),
  t("generic", "Generic", "Other", (site) =>
    genericEmail(
      {
        subject: "Your ZavCharge card is ready for pickup",
        toName: "Ngozi Chukwu",
        message:
          "Your ZavCharge card is ready at our Lekki office, 8 Admiralty Way.\n\nBring a photo ID. We are open Monday to Saturday, 9 am to 6 pm.",
        action: { label: "Find the office", url: `${site}/contact` },
      },
      site,
    ),
  ),
  t("newsletter-confirm", "Newsletter confirmation", "Marketing", (site) =>
    confirmSubscriptionEmail(`${site}/newsletter/confirm?token=${SAMPLE_SECRETS.token}`),
  ),
  t(
    "newsletter-welcome",
    "Newsletter welcome",
    "Marketing",
    (site) => subscribedEmail(site, unsubscribeUrlFor("chiamaka.okonkwo@example.ng")),
    true,
  ),
  t(
    "campaign",
    "Campaign",
    "Marketing",
    (site) =>
      campaignEmail(
        {
          subject: "Harmattan offer: 10% off 5 kVA solar packages",
          html: '<h2>Beat the fuel queues this dry season</h2><p>Until 31 January, every <strong>5 kVA solar package</strong> is 10% off: <strong>₦3,780,000</strong> instead of ₦4,200,000, installed anywhere in Lagos, Ogun, Oyo and Osun.</p><ul><li>Free site survey</li><li>Two-year installation warranty</li><li>Pay in three instalments</li></ul><p><a href="https://zavolah.ng/store">See the packages</a></p>',
          unsubscribeUrl: unsubscribeUrlFor("chiamaka.okonkwo@example.ng"),
        },
        site,
      ),
    true,
  ),
];

/** Every SMS text a template module builds, with the same sample data. */
export const SMS_PREVIEWS: readonly { id: string; name: string; render: () => string }[] = [
  { id: "zavcharge-welcome-sms", name: "ZavCharge welcome (SMS)", render: () => zavchargeWelcomeSms(zavchargeWelcome) },
];

export type TRenderedPreview = { id: string; name: string; group: string; marketing: boolean } & TEmail;

/** One template rendered with its sample data, or null for an unknown id. */
export function renderTemplatePreview(id: string, siteUrl = publicUrl()): TRenderedPreview | null {
  const entry = TEMPLATE_PREVIEWS.find((p) => p.id === id);
  if (!entry) return null;
  const { render, ...meta } = entry;
  return { ...meta, ...render(siteUrl) };
}

/** The list for the page: every template with the subject its sample renders to. */
export function listTemplatePreviews(siteUrl = publicUrl()) {
  return TEMPLATE_PREVIEWS.map(({ render, ...meta }) => ({ ...meta, subject: render(siteUrl).subject }));
}
