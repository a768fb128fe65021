import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maskSecrets } from "@domain/messaging/mask-secrets";
import { confirmEmail, welcomeEmail } from "./account-emails";
import { appointmentRequestedEmail } from "./appointment-emails";
import { campaignEmail } from "./campaign-emails";
import { contactAutoReplyEmail, contactSalesCopyEmail } from "./contact-emails";
import { courseEnrollmentEmail } from "./course-emails";
import type { TEmail } from "./email-layout";
import { genericEmail } from "./generic-emails";
import { subscribedEmail } from "./newsletter-emails";
import { notificationEmail } from "./notification-emails";
import { orderConfirmationEmail, paymentReceiptEmail } from "./order-emails";
import { staffNotificationEmail } from "./staff-emails";
import { renderTemplatePreview, SAMPLE_SECRETS, SMS_PREVIEWS, TEMPLATE_PREVIEWS } from "./template-previews";

// Pure rendering: no database. What a reader of the mail notices: the frame, the figures, the links, and that
// nothing a user typed can become markup.

const SITE = "https://zavolah.ng";
const HOSTILE = "<script>alert(1)</script>";
const UNSUBSCRIBE = `${SITE}/newsletter/unsubscribe?token=abc`;

describe("every template", () => {
  it.each(TEMPLATE_PREVIEWS.map((p) => [p.id, p.marketing] as const))(
    "%s: 600 px, the tagline, unsubscribe only when marketing",
    (id, marketing) => {
      const mail = renderTemplatePreview(id, SITE)!;
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('width="600"');
      expect(mail.html).toContain("max-width:600px");
      expect(mail.html).toContain("Powering Nigeria&#x27;s Future");
      expect(mail.text).toContain("Powering Nigeria's Future");
      expect(mail.text).toMatch(/Privacy policy https?:\/\/\S+\/privacy-policy/);
      expect(mail.html.includes(">Unsubscribe</a>")).toBe(marketing);
      expect(/Unsubscribe https?:\/\/\S+\/newsletter\/unsubscribe\?token=/.test(mail.text)).toBe(marketing);
      expect(mail.html).not.toMatch(/<script|\son[a-z]+=/i);
    },
  );
});

describe("secrets in messages (docs/product/messaging.md#secrets-in-messages)", () => {
  const here = new URL(".", import.meta.url);
  const previewsSource = readFileSync(new URL("template-previews.ts", here), "utf8");
  const secrets = Object.values(SAMPLE_SECRETS);
  /** The hidden inbox preview line: mail apps show it beside the subject. */
  const inboxPreview = (html: string) => /data-skip-in-text="true">([^<]*)</.exec(html)?.[1] ?? "";

  it("every template builder in server/messaging/*-emails.tsx has a preview with sample data", async () => {
    const builders: string[] = [];
    for (const file of readdirSync(here).filter((f) => f.endsWith("-emails.tsx"))) {
      const exported = (await import(/* @vite-ignore */ new URL(file, here).href)) as Record<string, unknown>;
      builders.push(...Object.keys(exported).filter((name) => typeof exported[name] === "function" && /(Email|Sms)$/.test(name)));
    }
    expect(builders.length).toBeGreaterThan(30);
    expect(builders.filter((name) => !new RegExp(`\\b${name}\\(`).test(previewsSource))).toEqual([]);
  });

  it.each(TEMPLATE_PREVIEWS.map((p) => p.id))("%s: no code, token or signed link in the subject or the inbox preview line", (id) => {
    const mail = renderTemplatePreview(id, SITE)!;
    for (const line of [mail.subject, inboxPreview(mail.html)]) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(maskSecrets(line)).toBe(line);
    }
  });

  it.each([
    ...TEMPLATE_PREVIEWS.map((p) => [p.id, () => renderTemplatePreview(p.id, SITE)!] as const),
    ...SMS_PREVIEWS.map((p) => [p.id, () => ({ subject: "", text: p.render(), html: "" })] as const),
  ])("%s: masked for the back office, no secret is left", (_, render) => {
    const { subject, text, html } = render();
    for (const part of [subject, text, html].map(maskSecrets)) {
      for (const secret of secrets) expect(part).not.toContain(secret);
      expect(part).not.toMatch(/\btoken=(?!••••••)/);
    }
  });

  it("the PIN reset e-mail: the code in the body only, masked in the back office, the rest readable", () => {
    const mail = renderTemplatePreview("zavcharge-pin-reset", SITE)!;
    expect(mail.subject).toBe("Your ZavCharge PIN reset code");
    expect(mail.text).toContain(`Reset code: ${SAMPLE_SECRETS.code}`);
    expect(maskSecrets(mail.text)).toContain("Someone asked to reset the PIN of ZavCharge account ZAV48213907LEKK.");
    expect(maskSecrets(mail.text)).toContain("Reset code: ••••••");
    const order = renderTemplatePreview("order-confirmation", SITE)!.text;
    expect(maskSecrets(order)).toBe(order); // order numbers, amounts, phones and dates are not secrets
  });
});

describe("user-supplied text is escaped", () => {
  const day = new Date("2026-12-10T09:00:00+01:00");
  const cases: [string, TEmail][] = [
    ["welcome", welcomeEmail(HOSTILE, "customer", SITE)],
    ["confirm", confirmEmail(HOSTILE, `${SITE}/auth/callback?token=t`)],
    [
      "order confirmation",
      orderConfirmationEmail(
        {
          orderId: "o",
          orderNumber: "ZV-1",
          customerName: HOSTILE,
          customerEmail: "a@b.ng",
          items: [{ name: HOSTILE, quantity: 1, priceKobo: 100 }],
          subtotalKobo: 100,
          shippingKobo: 0,
          vatKobo: 0,
          totalKobo: 100,
          estimatedDelivery: day,
          paymentMethod: "pay_on_delivery",
          address: HOSTILE,
        },
        SITE,
      ),
    ],
    [
      "receipt",
      paymentReceiptEmail(
        { paymentReference: HOSTILE, amountKobo: 100, paymentDate: day, description: HOSTILE, customerName: HOSTILE, orderId: "o" },
        SITE,
      ),
    ],
    [
      "appointment",
      appointmentRequestedEmail(
        {
          reference: "ZS-1",
          customerName: HOSTILE,
          serviceType: "Solar installation",
          appointmentDate: "Thursday",
          technician: HOSTILE,
          location: HOSTILE,
        },
        SITE,
      ),
    ],
    [
      "course",
      courseEnrollmentEmail(
        {
          studentName: HOSTILE,
          studentEmail: "a@b.ng",
          courseName: HOSTILE,
          startDate: day,
          duration: "6 weeks",
          instructor: HOSTILE,
          accessLink: `${SITE}/academy`,
        },
        SITE,
      ),
    ],
    [
      "staff",
      staffNotificationEmail({
        staffName: HOSTILE,
        staffEmail: "s@zavolah.ng",
        priority: "low",
        subject: HOSTILE,
        message: HOSTILE,
        actionRequired: HOSTILE,
      }),
    ],
    [
      "contact reply",
      contactAutoReplyEmail({
        name: HOSTILE,
        email: "a@b.ng",
        phone: undefined,
        subject: HOSTILE,
        inquiryType: "general",
        message: `${HOSTILE} and more text`,
      }),
    ],
    [
      "contact copy",
      contactSalesCopyEmail(
        { name: HOSTILE, email: "a@b.ng", phone: undefined, subject: HOSTILE, inquiryType: "general", message: `${HOSTILE} and more text` },
        SITE,
      ),
    ],
    ["notification", notificationEmail({ name: HOSTILE, title: HOSTILE, message: HOSTILE }, SITE)],
    ["generic", genericEmail({ subject: HOSTILE, toName: HOSTILE, message: HOSTILE }, SITE)],
  ];
  it.each(cases)("%s", (_, mail) => {
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // The plain text shows the name as typed: it is not markup there.
    expect(mail.text).toContain(HOSTILE);
  });
});

describe("the plain text carries what the reader needs", () => {
  it("order confirmation: lines, total in naira, how to pay, the tracking link", () => {
    const { text } = renderTemplatePreview("order-confirmation", SITE)!;
    expect(text).toMatch(/Lithium battery 5 kWh x 2\s+₦2,400,000\.00/);
    expect(text).toMatch(/Total\s+₦4,429,000\.00/);
    expect(text).toContain(
      "Please transfer ₦4,429,000.00 to Zavolah Ltd, Zenith Bank, account number 1014327785, with ZV-100482 as the narration.",
    );
    expect(text).toContain(`Track your order ${SITE}/client-dashboard`);
  });

  it("payment receipt: reference, amount and the PDF link", () => {
    const mail = renderTemplatePreview("payment-receipt", SITE)!;
    expect(mail.subject).toBe("Payment receipt: ₦4,429,000.00 for Order ZV-100482");
    expect(mail.text).toMatch(/Reference\s+GTB-TRF-204811/);
    expect(mail.text).toMatch(/Amount\s+₦4,429,000\.00/);
    expect(mail.text).toMatch(/Download your receipt \(PDF\) https:\/\/zavolah\.ng\/orders\/[\w-]+\/receipt\.pdf/);
  });

  it("contact copy to sales: one 'Label: value' line each, phone 'Not provided', the message with its line breaks", () => {
    const { text } = renderTemplatePreview("contact-sales-copy", SITE)!;
    for (const line of [
      "Name: Yusuf Danladi",
      "Email: yusuf.danladi@example.ng",
      "Phone: Not provided",
      "Inquiry type: Solar or furniture purchase",
      "Subject: Quote for a 5 kVA system in Ikeja",
    ]) {
      expect(text.split("\n")).toContain(line);
    }
    expect(text).toContain("Good afternoon,\nWe run a pharmacy");
    expect(text).toContain("Reply to Yusuf Danladi yusuf.danladi@example.ng?subject=Re%3A%20Quote");
  });

  it("service appointment, course enrolment and staff notification: their fields", () => {
    const appointment = renderTemplatePreview("appointment-confirmed", SITE)!.text;
    for (const s of [
      "Service: Solar installation",
      "Preferred date: Thursday, 10 December 2026",
      "Technician: Ibrahim Musa",
      "Location: Plot 1184 Aminu Kano Crescent, Wuse 2, Abuja, FCT",
    ])
      expect(appointment).toContain(s);
    const course = renderTemplatePreview("course-enrollment", SITE)!.text;
    for (const s of [
      "Course: Solar PV Installation Fundamentals",
      "Starts: Monday, 11 January 2027",
      "Duration: 6 weeks",
      "Instructor: Engr. Olumide Fashola",
      `Start learning ${SITE}/academy/solar-pv-installation-fundamentals`,
    ])
      expect(course).toContain(s);
    const staff = renderTemplatePreview("staff-notification", SITE)!;
    expect(staff.subject).toBe("[HIGH] New booking ZS-7K4Q2M: Solar installation in FCT");
    for (const s of [
      "Hello Sales team,",
      "Priority: high",
      "Action required: Call the customer within 24 hours",
      "Phone: +2348035551234",
      `Open the appointments list ${SITE}/staff/appointments?q=ZS-7K4Q2M`,
    ])
      expect(staff.text).toContain(s);
  });

  it("the button's address is spelled out once in the text, not repeated by the HTML fallback line", () => {
    const { text, html } = confirmEmail("Ada", `${SITE}/auth/callback?token=t1`);
    expect(text.match(/auth\/callback\?token=t1/g)).toHaveLength(1);
    expect(html).toContain("If the button does not work, copy this link into your browser");
  });

  it("newsletter welcome is marketing: a visible unsubscribe link and the social links", () => {
    const mail = subscribedEmail(SITE, UNSUBSCRIBE);
    expect(mail.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(mail.text).toContain(`Unsubscribe ${UNSUBSCRIBE}`);
    expect(mail.text).toContain("Instagram https://www.instagram.com/zavolah");
  });
});

describe("campaignEmail", () => {
  const body = `<h2 onmouseover="steal()">Harmattan offer</h2><p style="color:#15803d">Save <strong>₦420,000</strong> on 5 kVA packages.</p><script>document.location='https://evil.example'</script><p><a href="https://zavolah.ng/store">See the packages</a> <a href="javascript:alert(1)">or this</a></p><img src="x" onerror="alert(1)">`;
  const mail = campaignEmail({ subject: "Harmattan offer", html: body, unsubscribeUrl: UNSUBSCRIBE }, SITE);

  it("keeps the formatting and links, drops scripts, handlers and javascript: URLs", () => {
    expect(mail.html).toContain("<h2>Harmattan offer</h2>");
    expect(mail.html).toContain('<p style="color:#15803d">Save <strong>₦420,000</strong> on 5 kVA packages.</p>');
    expect(mail.html).toContain('<a href="https://zavolah.ng/store" target="_blank" rel="noopener noreferrer">See the packages</a>');
    expect(mail.html).not.toMatch(/<script|evil\.example|onmouseover|onerror|javascript:/i);
  });

  it("is marketing mail in the brand frame: visit button, social links, privacy and unsubscribe", () => {
    expect(mail.subject).toBe("Harmattan offer");
    expect(mail.html).toContain("Powering Nigeria&#x27;s Future");
    expect(mail.text).toContain(`Visit Zavolah ${SITE}`);
    expect(mail.text).toContain("Facebook https://www.facebook.com/zavolah");
    expect(mail.text).toContain(`Privacy policy ${SITE}/privacy-policy`);
    expect(mail.text).toContain(`Unsubscribe ${UNSUBSCRIBE}`);
  });

  it("its plain text is the body without tags, links spelled out", () => {
    expect(mail.text).toContain("Harmattan offer\n\nSave ₦420,000 on 5 kVA packages.\n\nSee the packages https://zavolah.ng/store or this");
    expect(mail.text).not.toMatch(/<[a-z]/i);
  });

  it("shows the campaign's logo instead of the Zavolah mark when one is given", () => {
    const branded = campaignEmail(
      { subject: "s", html: "<p>x</p>", logoUrl: "https://cdn.zavolah.ng/harmattan.png", unsubscribeUrl: UNSUBSCRIBE },
      SITE,
    );
    expect(branded.html).toContain('src="https://cdn.zavolah.ng/harmattan.png"');
    expect(branded.html).not.toContain("/images/icon-192.png");
  });
});
