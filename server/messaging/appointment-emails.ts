import { renderEmail, type TEmail } from "./email-layout";

// E-mails about service bookings: the customer's appointment e-mail (SPEC 3: serviceType, appointmentDate,
// technician, location) and the staff notification (SPEC 3: staffName, staffEmail, priority, subject,
// message, actionRequired). SPEC 9 promises: we reply within 24 hours; rescheduling needs 24 hours' notice.

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

function details(p: TAppointmentPayload): string[] {
  return [
    `Reference: ${p.reference}`,
    `Service: ${p.serviceType}`,
    `Preferred date: ${p.appointmentDate}`,
    `Technician: ${p.technician}`,
    `Location: ${p.location}`,
  ];
}

export function appointmentRequestedEmail(p: TAppointmentPayload, siteUrl: string): TEmail {
  return renderEmail({
    subject: `We have your booking: ${p.serviceType} (${p.reference})`,
    heading: `Thank you, ${p.customerName}`,
    paragraphs: [
      `We have received your request for ${p.serviceType.toLowerCase()}. Here are the details:`,
      ...details(p),
      "A member of our team will call or e-mail you within 24 hours to confirm the date and assign a technician.",
      RESCHEDULE,
    ],
    action: { label: "View my appointments", url: `${siteUrl}/client-dashboard` },
    footnote: `Quote your reference ${p.reference} whenever you contact us about this booking.`,
  });
}

export function appointmentConfirmedEmail(p: TAppointmentPayload, siteUrl: string): TEmail {
  return renderEmail({
    subject: `Appointment confirmed: ${p.serviceType} on ${p.appointmentDate} (${p.reference})`,
    heading: `Your appointment is confirmed, ${p.customerName}`,
    paragraphs: [...details(p), `${p.technician} will call you before the visit.`, RESCHEDULE],
    action: { label: "View my appointments", url: `${siteUrl}/client-dashboard` },
  });
}

export function appointmentCancelledEmail(p: TAppointmentPayload, siteUrl: string): TEmail {
  return renderEmail({
    subject: `Appointment cancelled (${p.reference})`,
    heading: `Your appointment has been cancelled, ${p.customerName}`,
    paragraphs: [
      `Your ${p.serviceType.toLowerCase()} appointment for ${p.appointmentDate} (reference ${p.reference}) has been cancelled.`,
      `If this is a surprise, or you would like a new date, reply to this e-mail or call ${PHONE}. We reply within 24 hours.`,
    ],
    action: { label: "Book again", url: `${siteUrl}/services#book` },
  });
}

export type TStaffNotification = {
  staffName: string;
  staffEmail: string;
  priority: "high" | "medium" | "low";
  subject: string;
  message: string;
  actionRequired: string;
  actionUrl?: string;
};

export function staffNotificationEmail(n: TStaffNotification): TEmail {
  return renderEmail({
    subject: `[${n.priority.toUpperCase()}] ${n.subject}`,
    heading: n.subject,
    paragraphs: [`Hello ${n.staffName},`, ...n.message.split("\n"), `Priority: ${n.priority}`, `Action required: ${n.actionRequired}`],
    action: n.actionUrl ? { label: "Open the appointments list", url: n.actionUrl } : undefined,
  });
}
