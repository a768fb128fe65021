import { Clock, Mail, Phone } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { COMPANY } from "@domain/company/company";
import { Honeypot } from "~/components/forms/honeypot";
import { PhoneField } from "~/components/forms/nigerian-fields";
import { boundField, Field, FormError, SelectField, TextareaField } from "~/components/ui/field";
import { CompanyPhoneLink } from "~/components/ui/company-phone-link";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { parseThen, succeed } from "@domain/errors/app-error";
import { formRefusalIn } from "~/lib/action-answer";
import { ZContactMessage } from "@domain/content/content-input";
import { INQUIRY_TYPES } from "@domain/content/public-forms";
import { metaFor } from "~/lib/meta";
import { getViewerFrom } from "~/http/access.server";
import { sendContactMessage } from "@server/content/contact/send-contact-message";
import { clientIp } from "@server/http/client-ip";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/contact", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = getViewerFrom(context);
  const params = new URL(request.url).searchParams;
  // A page can start the message for the visitor ("Order: Convertible sofa bed..."); they can still change it.
  const subject = (params.get("subject") ?? "").replace(/[\u0000-\u001f\u007f]/g, "").slice(0, 120);
  return { sent: params.get("sent") === "1", name: viewer?.name ?? "", email: viewer?.email ?? "", subject };
}

const INQUIRY_OPTIONS = INQUIRY_TYPES.map((t) => [t.value, t.label] as const);

const CONTACT_FIELDS = ["name", "email", "phone", "inquiryType", "subject", "message"];

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const sent = () =>
    redirectWithFlash("/contact?sent=1", {
      type: "success",
      title: "Message Sent",
      description: "Thank you. We will reply within 24 hours.",
    });
  // A filled honeypot is a bot: it sees success, and nothing is stored or sent.
  const result = fields.website
    ? succeed()
    : await parseThen(ZContactMessage, fields, CONTACT_FIELDS, (message) =>
        sendContactMessage(message, { ip: clientIp(request), userId: getViewerFrom(context)?.id ?? null }),
      );
  return result.ok ? sent() : formRefusal(result, fields);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = formRefusalIn(actionData);
  const values = refused?.values ?? { name: loaderData.name, email: loaderData.email, subject: loaderData.subject };
  const field = boundField(values, refused?.error.fieldErrors ?? {});
  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[1fr_2fr]">
      <div>
        <PageHeader eyebrow="Contact us" title="Talk to our team" introClassName="mt-3 text-muted">
          Questions about a solar system, smart furniture, an installation, a course or a partnership? Write to us and we reply within 24
          hours.
        </PageHeader>
        <ul className="mt-6 space-y-3 text-sm">
          <li className="flex items-center gap-3">
            <Phone className="h-5 w-5 text-brand" aria-hidden />
            <CompanyPhoneLink />
          </li>
          <li className="flex items-center gap-3">
            <Mail className="h-5 w-5 text-brand" aria-hidden />
            <a href={`mailto:${COMPANY.email}`} className="hover:text-brand">
              {COMPANY.email}
            </a>
          </li>
          <li className="flex items-center gap-3">
            <Clock className="h-5 w-5 text-brand" aria-hidden />
            <span>Monday to Saturday, 8am to 6pm</span>
          </li>
        </ul>
        <p className="mt-6 text-sm text-muted">
          Want a technician to visit?{" "}
          <Link to="/services#book" className="text-brand underline">
            Book a consultation
          </Link>{" "}
          instead.
        </p>
      </div>
      <div className={cardClass}>
        {loaderData.sent && !actionData ? (
          <div role="status">
            <h2 className="text-xl font-semibold">Thank you, your message is on its way</h2>
            <p className="mt-2 text-muted">We have sent a copy to your e-mail. Someone from our team will reply within 24 hours.</p>
            <Link to="/contact" className={`${buttonClass.outline} mt-4`}>
              Send another message
            </Link>
          </div>
        ) : (
          <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Contact form">
            <Honeypot />
            <FormError message={refused && !refused.error.field ? refused.error.message : undefined} />
            <Field label="Your name" {...field("name")} autoComplete="name" required />
            <Field label="Email" {...field("email")} type="email" autoComplete="email" required />
            <PhoneField label="Phone (optional)" {...field("phone")} hint="So we can call you back" />
            <SelectField
              label="What is it about?"
              {...field("inquiryType", "")}
              required
              placeholder="Choose one"
              options={INQUIRY_OPTIONS}
            />
            <Field label="Subject" {...field("subject")} required className="sm:col-span-2" />
            <TextareaField label="Message" {...field("message")} required rows={6} className="sm:col-span-2" />
            <p className="text-xs text-muted sm:col-span-2">
              We use your details only to answer you. See our{" "}
              <Link to="/privacy-policy" className="underline">
                Privacy Policy
              </Link>
              .
            </p>
            <div className="sm:col-span-2">
              <button type="submit" disabled={busy} className={buttonClass.primary}>
                {busy ? "Sending..." : "Send message"}
              </button>
            </div>
          </Form>
        )}
      </div>
    </section>
  );
}
