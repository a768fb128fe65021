import { Link } from "react-router";
import { directionsUrl, type TStationCard } from "@domain/zavcharge/network/network-rules";
import { formatPricePerKwh } from "@domain/zavcharge/pricing";
import { cardClass } from "~/components/ui/styles";
import { StationStatusBadge } from "./station-status-badge";

/** One station in the network list (docs/product/zavcharge.md#stations-and-slots). */
export function StationCard({ station: s }: { station: TStationCard }) {
  const headingId = `station-${s.id}`;
  return (
    <article
      className={`${cardClass} flex h-full flex-col gap-3`}
      aria-labelledby={headingId}
      data-testid="station-card"
      data-station={s.slug}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words">
          <Link to={`/zavcharge/stations/${s.slug}`} className="hover:underline">
            {s.name}
          </Link>
        </h3>
        <StationStatusBadge status={s.status} />
      </div>
      <p className="text-sm text-muted">
        {s.address}, <span data-testid="station-city">{s.city}</span>, {s.state}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">Slots available</dt>
          <dd className="text-base font-semibold" data-testid="station-availability" aria-live="polite">
            {s.availableSlots} of {s.totalSlots}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Price</dt>
          <dd className="text-base font-semibold">{formatPricePerKwh(s.pricePerKwhKobo)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted">Connectors</dt>
          <dd>{s.connectors.length ? s.connectors.map((c) => `${c.count} × ${c.connector} ${c.powerKw} kW`).join(" · ") : "None yet"}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted">Opening hours</dt>
          <dd>{s.openingHours}</dd>
        </div>
      </dl>
      {s.features.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`Features of ${s.name}`}>
          {s.features.map((f) => (
            <li key={f} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs">
              {f}
            </li>
          ))}
        </ul>
      ) : null}
      {s.maintenance ? (
        <p className="rounded-lg border border-line bg-accent/10 px-3 py-2 text-sm" data-testid="station-maintenance">
          {s.maintenance}
        </p>
      ) : null}
      <div className="mt-auto pt-1">
        <a
          href={directionsUrl(s.latitude, s.longitude)}
          className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
          target="_blank"
          rel="noopener noreferrer"
        >
          Directions to {s.name}
          <span className="sr-only"> (opens Google Maps)</span>
        </a>
      </div>
    </article>
  );
}
