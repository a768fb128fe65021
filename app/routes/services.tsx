import {
  BedDouble,
  Building2,
  CalendarClock,
  ClipboardList,
  Clock,
  Hospital,
  House,
  PhoneCall,
  ShieldCheck,
  Sofa,
  Store,
  Sun,
  Wrench,
} from "lucide-react";
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/services";
import { BookingForm, type TBookingResult } from "~/components/services/booking-form";
import { PageHeader } from "~/components/ui/page-header";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { bookingDateBounds, HONEYPOT } from "@domain/appointments/appointments";
import { bookingSchema } from "@domain/appointments/appointments-input";
import { parseThen, succeed } from "@domain/errors/app-error";
import { metaFor } from "~/lib/meta";
import { bookAppointment, isBookingReference, newReference } from "@server/appointments/book-appointment";
import { getViewerFrom } from "~/http/access.server";
import { clientIp } from "@server/http/client-ip";
import { formRefusal } from "~/http/action-response.server";
import { isEnhanced, redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/services", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = getViewerFrom(context);
  // After a booking without JavaScript the page comes back with ?booked=<reference>.
  const booked = new URL(request.url).searchParams.get("booked");
  return {
    prefill: { name: viewer?.name ?? "", email: viewer?.email ?? "" },
    bounds: bookingDateBounds(),
    booked: booked && (await isBookingReference(booked)) ? booked : null,
  };
}

const BOOKING_FIELDS = ["name", "email", "phone", "serviceType", "preferredDate", "location", "state", "notes"];

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const viewer = getViewerFrom(context);
  // A filled honeypot is a bot: it is shown a reference, and nothing is stored or sent.
  const result = fields[HONEYPOT]
    ? succeed({ reference: newReference() })
    : await parseThen(bookingSchema(), fields, BOOKING_FIELDS, (booking) =>
        bookAppointment(booking, { userId: viewer?.id ?? null, ip: clientIp(request) }),
      );
  if (result.ok) {
    if (isEnhanced(fields)) return data({ ok: true as const, reference: result.reference });
    return redirectWithFlash(`/services?booked=${result.reference}#book`, {
      type: "success",
      title: "Booking received",
      description: `Your reference is ${result.reference}. We will contact you within 24 hours.`,
    });
  }
  // Without JavaScript the page renders again with the messages and what was typed (never the honeypot).
  const { [HONEYPOT]: _bot, _js, ...values } = fields;
  return formRefusal(result, values);
}

const SOLAR = [
  {
    icon: House,
    title: "Homes",
    size: "1.5kVA to 5kVA",
    text: "Lights, fans, TV, fridge and pumping machine through every outage, with lithium batteries that last the night.",
  },
  {
    icon: Store,
    title: "Shops and offices",
    size: "5kVA to 15kVA",
    text: "POS terminals, computers, freezers and air-conditioning on sun by day and battery by night, with generator backup wired in.",
  },
  {
    icon: Hospital,
    title: "Clinics and schools",
    size: "10kVA and above",
    text: "Vaccine fridges, theatre lights and laboratories kept on without a break, with remote monitoring of the system's health.",
  },
];

const SERVICES = [
  {
    icon: Wrench,
    title: "Solar maintenance",
    text: "Panel cleaning, battery health checks, inverter settings and loose-cable hunts, on a quarterly plan or when something goes wrong. We service systems we did not install too.",
  },
  {
    icon: Sofa,
    title: "Smart furniture fitting",
    text: "Delivery, assembly and wall-fixing of our detachable sofas with built-in charging, and wiring the USB-C ports into your power supply.",
  },
  {
    icon: BedDouble,
    title: "Fold-away beds",
    text: "Wall beds that fold into a desk or shelves: measured, anchored to your wall and balanced so a child can lift them. A bedroom and an office in one Lagos-sized room.",
  },
  {
    icon: Building2,
    title: "Design and construction",
    text: "Homes, offices and clinics designed with good structure, cross-ventilation and solar from the first drawing, then built and handed over by one team.",
  },
];

const STEPS = [
  ["Book a visit", "Tell us what you need and pick a date below. It takes two minutes."],
  ["We call you", "Within 24 hours, to agree the date and a time that suits you."],
  ["Site survey", "A technician measures, checks your roof or walls and lists what you want to power."],
  ["Quote and installation", "A clear quote in naira, then installation by our own trained team, with a warranty."],
] as const;

export default function Services({ loaderData, actionData }: Route.ComponentProps) {
  const [round, setRound] = useState(0);
  const booked = loaderData.booked;
  return (
    <>
      <section className="border-b border-line bg-gradient-to-b from-surface-2 to-bg">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <PageHeader
            eyebrow="Installation and maintenance"
            title="Solar power, smart furniture and buildings, installed by our own team"
            titleClassName="mt-2 max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl"
            introClassName="mt-4 max-w-2xl text-lg text-muted"
          >
            From Osogbo, Ibadan and Lagos, our technicians survey, install and maintain across Nigeria. Book a free consultation and we will
            call you within 24 hours.
          </PageHeader>
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="#book" className={buttonClass.primary}>
              <CalendarClock className="h-4 w-4" aria-hidden /> Book a consultation
            </a>
            <a href="tel:+2348031234500" className={buttonClass.outline}>
              <PhoneCall className="h-4 w-4" aria-hidden /> Call +234 803 123 4500
            </a>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="solar-title">
        <div className="flex items-center gap-3">
          <Sun className="h-8 w-8 text-accent" aria-hidden />
          <h2 id="solar-title" className="text-2xl font-bold sm:text-3xl">
            Solar systems
          </h2>
        </div>
        <p className="mt-2 max-w-3xl text-muted">
          Self-owned power, day and night. We size every system to what you actually run, supply tier-one panels, hybrid inverters and
          lithium batteries, and install them to a standard we are happy to put our name on.
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {SOLAR.map((s) => (
            <li key={s.title} className={cardClass}>
              <s.icon className="h-7 w-7 text-brand" aria-hidden />
              <h3 className="mt-3 text-lg font-semibold">{s.title}</h3>
              <p className="text-sm font-semibold text-accent">{s.size}</p>
              <p className="mt-2 text-sm text-muted">{s.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-12" aria-labelledby="more-title">
        <h2 id="more-title" className="text-2xl font-bold sm:text-3xl">
          Maintenance, furniture and building
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {SERVICES.map((s) => (
            <li key={s.title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5">
              <s.icon className="h-7 w-7 shrink-0 text-brand" aria-hidden />
              <div>
                <h3 className="font-semibold">{s.title}</h3>
                <p className="mt-1 text-sm text-muted">{s.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="border-y border-line bg-surface-2" aria-labelledby="how-title">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="how-title" className="text-2xl font-bold sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(([title, text], i) => (
              <li key={title} className="rounded-2xl border border-line bg-surface p-5">
                <span
                  className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-brand-contrast"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        id="book"
        className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
        aria-labelledby="book-title"
      >
        <div>
          <h2 id="book-title" className="text-2xl font-bold sm:text-3xl">
            Book a consultation or installation
          </h2>
          <p className="mt-2 text-muted">
            Tell us where and when. A consultation is free; we quote every installation before any work starts.
          </p>
          <ul className="mt-6 space-y-4 text-sm">
            <li className="flex gap-3">
              <Clock className="h-5 w-5 shrink-0 text-brand" aria-hidden />
              <span>
                <strong>We reply within 24 hours</strong> to confirm your date and assign a technician.
              </span>
            </li>
            <li className="flex gap-3">
              <CalendarClock className="h-5 w-5 shrink-0 text-brand" aria-hidden />
              <span>
                <strong>Rescheduling needs 24 hours' notice.</strong> Reply to your booking e-mail or call us.
              </span>
            </li>
            <li className="flex gap-3">
              <ShieldCheck className="h-5 w-5 shrink-0 text-brand" aria-hidden />
              <span>
                <strong>Our own trained technicians</strong>, with ID, on every visit.
              </span>
            </li>
            <li className="flex gap-3">
              <ClipboardList className="h-5 w-5 shrink-0 text-brand" aria-hidden />
              <span>
                Signed in? Your bookings appear under{" "}
                <Link to="/client-dashboard" className="text-brand underline">
                  My Orders &amp; Appointments
                </Link>
                .
              </span>
            </li>
          </ul>
        </div>
        <div className={cardClass}>
          {booked ? (
            <div data-testid="booking-success">
              <h3 className="text-2xl font-bold">Booking received</h3>
              <p className="mt-2">
                Your reference is{" "}
                <strong className="whitespace-nowrap font-mono text-lg" data-testid="booking-reference">
                  {booked}
                </strong>
                . We have e-mailed you the details.
              </p>
              <p className="mt-2 text-muted">We will call or e-mail you within 24 hours to confirm the date and assign a technician.</p>
              <Link to="/services#book" className={`${buttonClass.outline} mt-5`}>
                Book another visit
              </Link>
            </div>
          ) : (
            <BookingForm
              key={round}
              prefill={loaderData.prefill}
              bounds={loaderData.bounds}
              documentResult={round === 0 ? (actionData as TBookingResult | undefined) : undefined}
              onBookAnother={() => setRound((r) => r + 1)}
            />
          )}
        </div>
      </section>
    </>
  );
}
