import { and, asc, eq, exists, ilike, sql } from "drizzle-orm";
import { parseNetworkFilters } from "@domain/zavcharge/network/network-filters";
import type { TNetworkFilters } from "@domain/zavcharge/network/network-rules";
import { getDb } from "../../db/client";
import { containsTerm } from "../../db/contains-term";
import { chargingSlots, chargingStations } from "./schema";
import { slotsByStation, stationCard, type TStationCard } from "./station-view";

export type TNetworkList = { stations: TStationCard[]; filters: TNetworkFilters; cities: string[]; features: string[] };

/**
 * The network page (/zavcharge, docs/product/zavcharge.md#stations-and-slots): stations matching the city
 * search, connector and feature in the database, then the status as drivers see it (a station inside its
 * maintenance window reads "maintenance"), with live availability counts.
 */
export async function listStations(params: URLSearchParams = new URLSearchParams(), now = new Date()): Promise<TNetworkList> {
  const filters = parseNetworkFilters(params);
  const db = getDb();
  const rows = await db
    .select()
    .from(chargingStations)
    .where(
      and(
        filters.city
          ? sql`(${ilike(chargingStations.city, containsTerm(filters.city))} or ${ilike(chargingStations.state, containsTerm(filters.city))})`
          : undefined,
        filters.feature ? sql`${chargingStations.features} @> ${JSON.stringify([filters.feature])}::jsonb` : undefined,
        filters.connector
          ? exists(
              db
                .select({ one: sql`1` })
                .from(chargingSlots)
                .where(and(eq(chargingSlots.stationId, chargingStations.id), eq(chargingSlots.connector, filters.connector))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(chargingStations.city), asc(chargingStations.name));
  const slots = await slotsByStation(
    db,
    rows.map((r) => r.id),
  );
  const cards = rows.map((r) => stationCard(r, slots.get(r.id) ?? [], now)).filter((c) => !filters.status || c.status === filters.status);
  const all = await db.select({ city: chargingStations.city, features: chargingStations.features }).from(chargingStations);
  return {
    stations: cards,
    filters,
    cities: [...new Set(all.map((a) => a.city))].sort(),
    features: [...new Set(all.flatMap((a) => a.features))].sort(),
  };
}

/** Every station's page for the sitemap. */
export async function listStationUrls(): Promise<{ slug: string; updatedAt: Date }[]> {
  return getDb()
    .select({ slug: chargingStations.slug, updatedAt: chargingStations.updatedAt })
    .from(chargingStations)
    .orderBy(asc(chargingStations.slug));
}
