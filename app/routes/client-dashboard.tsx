import { CalendarDays, MapPin, Wrench } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/client-dashboard";
import { StatusBadge } from "~/components/appointments/status-badge";
import { CustomerOrders, type TCustomerOrder } from "~/components/orders/customer-orders";
import { pickTotals, summaryLines } from "~/components/orders/order-summary";
import { NothingYet } from "~/components/ui/empty-results";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { serviceLabel } from "@domain/appointments/appointments";
import { formatCalendarDate } from "@domain/time/lagos-time";
import { metaFor } from "~/lib/meta";
import { listCustomerAppointments } from "@server/appointments/list-customer-appointments";
import { listCustomerOrders } from "@server/orders/list-customer-orders";
import { requireUser } from "~/http/access.server";
import { listCustomerInstallations } from "@server/power/list-customer-installations";
import { InstallationPanel } from "~/components/power/installation-panel";
import { energyPeriodOf } from "@domain/power/views";

export const meta: Route.MetaFunction = (args) => metaFor("/client-dashboard", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(context, request);
  const period = energyPeriodOf(new URL(request.url).searchParams.get("period"));
  const [appointments, orders, installations] = await Promise.all([
    listCustomerAppointments(viewer.id),
    listCustomerOrders(viewer.id),
    listCustomerInstallations(viewer.id, new Date(), period),
  ]);
  return {
    appointments,
    installations,
    orders: orders.map((o): TCustomerOrder => ({
      id: o.id,
      number: o.number,
      status: o.status,
      paymentMethod: o.paymentMethod,
      totalKobo: o.totalKobo,
      paid: o.paidAt !== null,
      placedAt: o.createdAt.toISOString(),
      lines: summaryLines(o.items),
      totals: pickTotals(o),
      events: o.events.map((e) => ({ id: e.id, toStatus: e.toStatus, actorLabel: e.actorLabel, note: e.note, createdAt: e.createdAt })),
    })),
  };
}

export default function ClientDashboard({ loaderData }: Route.ComponentProps) {
  const { appointments, orders, installations } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">My Orders &amp; Appointments</h1>
        <p className="mt-1 text-muted">Your installation and consultation bookings, and your store orders.</p>
        <p className="mt-2 text-sm">
          Bought from a marketplace seller?{" "}
          <Link to="/marketplace/buyer-dashboard" className="text-brand underline">
            Your marketplace purchases, downloads and reviews
          </Link>
        </p>
      </header>

      {installations.map((inst) => (
        <section key={inst.id} className="space-y-3" aria-labelledby={`solar-${inst.id}`}>
          <h2 id={`solar-${inst.id}`} className="text-2xl font-semibold">
            My solar system: {inst.siteName}
          </h2>
          <p className="text-sm text-muted">
            {inst.pvKwp} kWp panels, {inst.batteryKwh} kWh battery, {inst.inverterKva} kVA inverter. Questions? Our team watches it too.
          </p>
          <InstallationPanel detail={inst} headingLevel={3} />
        </section>
      ))}

      <section className={cardClass} aria-labelledby="appointments-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="appointments-title" className="flex items-center gap-2 text-xl font-semibold">
            <Wrench className="h-5 w-5 text-brand" aria-hidden /> Service appointments
          </h2>
          {appointments.length > 0 ? (
            <Link to="/services#book" className={buttonClass.outline}>
              Book another visit
            </Link>
          ) : null}
        </div>
        {appointments.length === 0 ? (
          <NothingYet
            testId="appointments-empty"
            title="No appointments yet"
            text="Book a free consultation, a solar installation or a furniture fitting and it will appear here."
            to="/services#book"
            cta="Book a consultation"
          />
        ) : (
          <ul className="mt-4 divide-y divide-line" aria-label="Your appointments">
            {appointments.map((a) => (
              <li key={a.id} className="py-4" data-testid="appointment">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{serviceLabel(a.serviceType)}</p>
                  <StatusBadge status={a.status} />
                </div>
                <p className="mt-1 font-mono text-sm text-muted">{a.reference}</p>
                <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                  <div className="flex gap-2">
                    <dt>
                      <CalendarDays className="mt-0.5 h-4 w-4 text-muted" aria-hidden />
                      <span className="sr-only">Date</span>
                    </dt>
                    <dd>{formatCalendarDate(a.preferredDate)}</dd>
                  </div>
                  <div className="flex gap-2">
                    <dt>
                      <MapPin className="mt-0.5 h-4 w-4 text-muted" aria-hidden />
                      <span className="sr-only">Location</span>
                    </dt>
                    <dd>
                      {a.location}, {a.state}
                    </dd>
                  </div>
                  {a.technician ? (
                    <div className="flex gap-2 sm:col-span-2">
                      <dt className="text-muted">Technician:</dt>
                      <dd>{a.technician}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-muted">
          Need to reschedule? Give us at least 24 hours' notice: reply to your booking e-mail or call +234 803 123 4500.
        </p>
      </section>

      <CustomerOrders orders={orders} />
    </div>
  );
}
