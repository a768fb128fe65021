import { Link } from "react-router";
import type { Route } from "./+types/station";
import { directionsUrl, SLOT_STATUS_LABELS, type TSlotStatus } from "@domain/zavcharge/network/network-rules";
import { formatPricePerKwh } from "@domain/zavcharge/pricing";
import { getStation } from "@server/zavcharge/network/get-station";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { StationStatusBadge } from "~/components/zavcharge/station-status-badge";
import { useLiveAvailability } from "~/components/zavcharge/use-live-availability";
import { metaFor } from "~/lib/meta";

// One station (docs/product/zavcharge.md#stations-and-slots): its slots, price, hours, maintenance and directions.

export async function loader({ params }: Route.LoaderArgs) {
  const station = await getStation(params.slug);
  if (!station) throw new Response("Not found", { status: 404 });
  return { station };
}

export const meta: Route.MetaFunction = (args) =>
  metaFor("/zavcharge/stations/:slug", args, {
    title: args.data?.station ? `${args.data.station.name}, ${args.data.station.city}` : undefined,
    description: args.data?.station
      ? `EV charging at ${args.data.station.address}, ${args.data.station.city}: slots, price per kWh and directions.`
      : undefined,
  });

export default function Station({ loaderData }: Route.ComponentProps) {
  const { live, link } = useLiveAvailability();
  const s = { ...loaderData.station, ...live.get(loaderData.station.id) };
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:py-12" data-live={link}>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/zavcharge" className="text-brand hover:underline">
          ZavCharge Network
        </Link>
      </nav>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold break-words">{s.name}</h1>
          <StationStatusBadge status={s.status} />
        </div>
        <p className="text-muted">
          {s.address}, {s.city}, {s.state}
        </p>
      </header>
      {s.maintenance ? (
        <p className="rounded-lg border border-line bg-accent/10 px-3 py-2" data-testid="station-maintenance">
          {s.maintenance}
        </p>
      ) : null}
      <section className={`${cardClass} grid gap-4 sm:grid-cols-3`} aria-label="At a glance">
        <div>
          <p className="text-xs text-muted">Slots available</p>
          <p className="text-2xl font-semibold" data-testid="station-availability" aria-live="polite">
            {s.availableSlots} of {s.totalSlots}
          </p>
        </div>
        <div>
          <p className="text-xs text-muted">Price</p>
          <p className="text-2xl font-semibold">{formatPricePerKwh(s.pricePerKwhKobo)}</p>
        </div>
        <div>
          <p className="text-xs text-muted">Opening hours</p>
          <p className="text-2xl font-semibold">{s.openingHours}</p>
        </div>
      </section>
      <section aria-labelledby="slots-heading" className={cardClass}>
        <h2 id="slots-heading" className="text-lg font-semibold">
          Slots
        </h2>
        {s.slots.length === 0 ? (
          <p className="mt-2 text-muted">No slots yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {s.slots.map((slot) => (
              <li key={slot.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  Slot {slot.number}: {slot.connector}, {slot.powerKw} kW
                </span>
                <span className="text-sm text-muted">{SLOT_STATUS_LABELS[slot.status as TSlotStatus] ?? slot.status}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {s.features.length ? (
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-lg font-semibold">
            Features
          </h2>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {s.features.map((f) => (
              <li key={f} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-sm">
                {f}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <a href={directionsUrl(s.latitude, s.longitude)} className={buttonClass.primary} target="_blank" rel="noopener noreferrer">
          Get directions<span className="sr-only"> (opens Google Maps)</span>
        </a>
        <Link to="/zavcharge" className={buttonClass.outline}>
          All stations
        </Link>
      </div>
    </div>
  );
}
