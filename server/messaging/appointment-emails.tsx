import type { TEmail } from "./email-layout";
import { Action, Details, Footnote, P } from "./templates/blocks";
import { EmailLayout } from "./templates/layout";
import { renderEmail } from "./templates/render";

// Booking e-mails (docs/product/content.md#service-bookings): the customer's appointment e-mail (serviceType, appointmentDate,
// technician, location). The staff notification sent with a booking is staff-emails.tsx. Promises (docs/product/business-constants.md):
// we reply within 24 hours; rescheduling needs 24 hours' notice.

const PHONE = "+234 803 123 4500";
const RESCHEDULE = `Need to change the date? Please give us at least 24 hours' notice before the visit: reply to this e-mail or call ${PHONE}.`;

export type TAppointmentPayload = {
  reference: string;
  customerName: string;
  serviceType: string;
  appointmentDate: string;
  technician: string;
  location: string;
};

function AppointmentDetails({ p }: { p: TAppointmentPayload }) {
  return (
    <Details
      rows={[
        ["Reference", p.reference],
        ["Service", p.serviceType],
        ["Preferred date", p.appointmentDate],
        ["Technician", p.technician],
        ["Location", p.location],
      ]}
    />
  );
}

export function appointmentRequestedEmail(p: TAppointmentPayload, siteUrl: string): TEmail {
  return renderEmail(
    `We have your booking: ${p.serviceType} (${p.reference})`,
    <EmailLayout
      preview={`We will confirm your ${p.serviceType.toLowerCase()} visit within 24 hours.`}
      heading={`Thank you, ${p.customerName}`}
      siteUrl={siteUrl}
    >
      <P>We have received your request for {p.serviceType.toLowerCase()}. Here are the details:</P>
      <AppointmentDetails p={p} />
      <P>A member of our team will call or e-mail you within 24 hours to confirm the date and assign a technician.</P>
      <P>{RESCHEDULE}</P>
      <Action label="View my appointments" url={`${siteUrl}/client-dashboard`} />
      <Footnote>Quote your reference {p.reference} whenever you contact us about this booking.</Footnote>
    </EmailLayout>,
  );
}

export function appointmentConfirmedEmail(p: TAppointmentPayload, siteUrl: string): TEmail {
  return renderEmail(
    `Appointment confirmed: ${p.serviceType} on ${p.appointmentDate} (${p.reference})`,
    <EmailLayout
      preview={`${p.technician} will visit on ${p.appointmentDate}.`}
      heading={`Your appointment is confirmed, ${p.customerName}`}
      siteUrl={siteUrl}
    >
      <AppointmentDetails p={p} />
      <P>{p.technician} will call you before the visit.</P>
      <P>{RESCHEDULE}</P>
      <Action label="View my appointments" url={`${siteUrl}/client-dashboard`} />
    </EmailLayout>,
  );
}

export function appointmentCancelledEmail(p: TAppointmentPayload, siteUrl: string): TEmail {
  return renderEmail(
    `Appointment cancelled (${p.reference})`,
    <EmailLayout
      preview={`Your appointment ${p.reference} has been cancelled.`}
      heading={`Your appointment has been cancelled, ${p.customerName}`}
      siteUrl={siteUrl}
    >
      <P>
        Your {p.serviceType.toLowerCase()} appointment for {p.appointmentDate} (reference {p.reference}) has been cancelled.
      </P>
      <P>If this is a surprise, or you would like a new date, reply to this e-mail or call {PHONE}. We reply within 24 hours.</P>
      <Action label="Book again" url={`${siteUrl}/services#book`} />
    </EmailLayout>,
  );
}
