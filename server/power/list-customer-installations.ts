import { asc, eq, sql } from "drizzle-orm";
import type { TEnergyDay } from "@domain/power/power";
import type { TCustomerInstallation, TEnergyPeriod } from "@domain/power/views";
import { getDb } from "../db/client";
import { fromJson, outerColumn } from "../db/json";
import { energyHistory, panelOf, socBucket } from "./installation-panel";
import { powerDailyEnergy, powerInstallations, powerReadings } from "./schema";

type TSocRow = { at: string; socPct: number };

/**
 * The systems a customer owns, for their dashboard (docs/product/power-tracking.md#customers); nobody else's. One
 * statement reads them with their energy since the period's first day and their battery's last 24 hours: the
 * dashboard is read on every visit, and each statement is a round trip.
 */
export async function listCustomerInstallations(
  userId: string,
  now = new Date(),
  period: TEnergyPeriod = "day",
): Promise<TCustomerInstallation[]> {
  const since = energyHistory(now, period)[0]!;
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const rows = await getDb()
    .select({
      inst: powerInstallations,
      energy: sql<TEnergyDay[] | string>`(select coalesce(json_agg(json_build_object('day', ${powerDailyEnergy.day},
        'pvWh', ${powerDailyEnergy.pvWh}, 'loadWh', ${powerDailyEnergy.loadWh}, 'gridImportWh', ${powerDailyEnergy.gridImportWh},
        'generatorWh', ${powerDailyEnergy.generatorWh})), '[]') from ${powerDailyEnergy}
        where ${powerDailyEnergy.installationId} = ${outerColumn(powerInstallations.id)} and ${powerDailyEnergy.day} >= ${since})`,
      soc: sql<TSocRow[] | string>`(select coalesce(json_agg(json_build_object('at', q.at, 'socPct', q.soc) order by q.at), '[]')
        from (select ${socBucket()} as at, avg(${powerReadings.socPct}) as soc from ${powerReadings}
          where ${powerReadings.installationId} = ${outerColumn(powerInstallations.id)} and ${powerReadings.at} >= ${dayAgo}
          and ${powerReadings.socPct} is not null group by 1) q)`,
    })
    .from(powerInstallations)
    .where(eq(powerInstallations.customerUserId, userId))
    .orderBy(asc(powerInstallations.id));
  return rows.map(({ inst, energy, soc }) => ({
    ...panelOf(inst, fromJson(energy), fromJson(soc), now, period),
    pvKwp: inst.pvWp / 1000,
    inverterKva: inst.inverterVa / 1000,
  }));
}
