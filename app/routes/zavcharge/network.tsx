import { Link } from "react-router";
import type { Route } from "./+types/network";
import { WELCOME_CREDIT_KOBO } from "@domain/zavcharge/accounts/account-rules";
import { CONNECTOR_TYPES, STATION_STATUS_LABELS, STATION_STATUSES } from "@domain/zavcharge/network/network-rules";
import { formatKobo } from "@domain/money/money";
import { mapTiles } from "@server/env";
import { listStations } from "@server/zavcharge/network/list-stations";
import { SearchField } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/filter-panel";
import { buttonClass } from "~/components/ui/styles";
import { EmptyResults } from "~/components/ui/empty-results";
import { PageHeader } from "~/components/ui/page-header";
import { NetworkMap } from "~/components/zavcharge/network-map";
import { StationCard } from "~/components/zavcharge/station-card";
import { useLiveAvailability } from "~/components/zavcharge/use-live-availability";
import { getSettingsFrom } from "~/http/access.server";
import { metaFor } from "~/lib/meta";
import { useLooksSignedIn } from "~/root";

// The ZavCharge network (docs/product/zavcharge.md#stations-and-slots): every station with a city search and
// filters as a plain GET form, live availability over the public socket, and a map when tiles are configured.

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = getSettingsFrom(context);
  const list = await listStations(new URL(request.url).searchParams);
  return { ...list, title: s.zavChargeTitle, description: s.zavChargeDescription, tiles: mapTiles() };
}

export const meta: Route.MetaFunction = (args) => metaFor("/zavcharge", args);

const STATUS_OPTIONS = STATION_STATUSES.map((k) => [k, STATION_STATUS_LABELS[k]] as const);
const CONNECTOR_OPTIONS = CONNECTOR_TYPES.map((c) => [c, c] as const);

export default function Network({ loaderData }: Route.ComponentProps) {
  const { stations, filters, cities, features, title, description, tiles } = loaderData;
  const { live, link } = useLiveAvailability();
  const signedIn = useLooksSignedIn();
  const shown = stations.map((s) => ({ ...s, ...live.get(s.id) }));
  const filtered = Boolean(filters.city || filters.status || filters.connector || filters.feature);
  const available = shown.reduce((n, s) => n + s.availableSlots, 0);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12" data-live={link}>
      <header className="max-w-3xl">
        <PageHeader
          eyebrow={title}
          title="ZavCharge Network"
          titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
          introClassName="mt-3 text-muted sm:text-lg"
        >
          {description}
        </PageHeader>
        {/* The guard sends each visitor where they belong: the dashboard, the join page or the sign-in dialog. */}
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/zavcharge/dashboard" className={buttonClass.primary}>
            My ZavCharge account
          </Link>
          <Link to={signedIn ? "/zavcharge/join" : "/zavcharge?login=true&tab=register"} className={buttonClass.outline}>
            Join ZavCharge: {formatKobo(WELCOME_CREDIT_KOBO)} welcome credit
          </Link>
        </div>
        <p className="mt-3 text-sm">
          <Link to="/zavcharge-product" className="font-semibold text-brand hover:underline">
            Charge at home: the ZavCharge home charger
          </Link>
        </p>
      </header>

      <form
        method="get"
        action="/zavcharge"
        role="search"
        aria-label="Find a station"
        className="mt-6 rounded-2xl border border-line bg-surface p-4 shadow-sm"
      >
        <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
          <SearchField
            label="City"
            name="city"
            value={filters.city}
            placeholder="e.g. Lagos"
            maxLength={60}
            className="col-span-2 lg:col-span-1"
            list="zavcharge-cities"
          />
          <datalist id="zavcharge-cities">
            {cities.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <FilterSelect label="Status" name="status" value={filters.status} anyLabel="Any status" options={STATUS_OPTIONS} />
          <FilterSelect label="Connector" name="connector" value={filters.connector} anyLabel="Any type" options={CONNECTOR_OPTIONS} />
          <FilterSelect
            label="Feature"
            name="feature"
            value={filters.feature}
            anyLabel="Any feature"
            options={features.map((f) => [f, f] as const)}
          />
          <button type="submit" className={`${buttonClass.primary} lg:col-span-1`}>
            Find stations
          </button>
        </div>
      </form>

      {shown.length ? (
        <div className="mt-6">
          <NetworkMap stations={shown} tiles={tiles} />
        </div>
      ) : null}

      <section aria-labelledby="stations-heading" className="mt-6">
        <h2 id="stations-heading" className="sr-only">
          Stations
        </h2>
        <p className="mb-4 text-sm text-muted" role="status" data-testid="station-count">
          {shown.length === 0
            ? "No stations found"
            : `${shown.length} station${shown.length === 1 ? "" : "s"}, ${available} slot${available === 1 ? "" : "s"} available now`}
        </p>
        {shown.length === 0 ? (
          <EmptyResults
            testId="network-empty"
            title={`No station matches ${filtered ? "these filters" : "yet"}`}
            hint="Try another city or fewer filters. New stations open across Nigeria every few months."
            links={[
              { to: "/zavcharge", label: "See all stations", look: "primary" },
              { to: "/contact", label: "Ask for a station near you", look: "outline" },
            ]}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4 min-[620px]:grid-cols-2 lg:grid-cols-3">
            {shown.map((s) => (
              <li key={s.id}>
                <StationCard station={s} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
