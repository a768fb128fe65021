// A fleet of commissioned chargers and the driver accounts to charge at them, written in bulk on a throwaway database:
// for npm run bench:ocpp (bench/ocpp-chargers.ts) and npm run chaos (scripts/chaos.ts). Not demo data: the names say
// what they are for.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "../server/auth/schema";
import type { DbHandle } from "../server/db/client";
import { subscriptions } from "../server/subscriptions/schema";
import { hashChargerPassword } from "../server/zavcharge/chargers/charger-password";
import {
  chargers,
  chargingSlots,
  chargingStations,
  zavchargeAccounts,
  zavchargePlans,
  zavchargeWalletEntries,
} from "../server/zavcharge/schema";

export type TChargerFleet = {
  /** Charge point ids, in order: `${prefix}-CP-<i>`. */
  identities: string[];
  /** The id tag of the driver who charges at charger i, for the chargers that have one. */
  idTags: Record<number, string>;
};

const CHUNK = 1000;

/**
 * N stations with one 22 kW slot and one commissioned charger each (all with the one password), and `drivers`
 * accounts on a monthly plan spread evenly over them. Each driver's balance comes from one top-up in the ledger, so
 * a wallet still equals its ledger when a run checks it. `prefix` is four capital letters (account codes end with them).
 */
export async function seedChargerFleet(
  handle: DbHandle,
  fleet: { prefix: string; chargers: number; drivers: number; password: string; heartbeatIntervalSeconds: number; balanceKobo: number },
): Promise<TChargerFleet> {
  if (!/^[A-Z]{4}$/.test(fleet.prefix)) throw new Error("seedChargerFleet: the prefix is four capital letters");
  const db = handle.db;
  const N = fleet.chargers;
  const slug = fleet.prefix.toLowerCase();
  const identities = Array.from({ length: N }, (_, i) => `${fleet.prefix}-CP-${i}`);
  const passwordHash = await hashChargerPassword(fleet.password);
  for (let from = 0; from < N; from += CHUNK) {
    const idx = Array.from({ length: Math.min(CHUNK, N - from) }, (_, k) => from + k);
    const stations = await db
      .insert(chargingStations)
      .values(
        idx.map((i) => ({
          slug: `${slug}-station-${i}`,
          name: `${fleet.prefix} Station ${i}`,
          address: `${i} Test Road`,
          city: "Lagos",
          state: "Lagos",
          latitude: 6.5,
          longitude: 3.4,
          pricePerKwhKobo: 25_000,
        })),
      )
      .returning({ id: chargingStations.id, slug: chargingStations.slug });
    const stationOf = new Map(stations.map((s) => [s.slug, s.id]));
    const sid = (i: number) => stationOf.get(`${slug}-station-${i}`)!;
    await db.insert(chargingSlots).values(idx.map((i) => ({ stationId: sid(i), number: 1, powerKw: 22 })));
    await db.insert(chargers).values(
      idx.map((i) => ({
        chargePointId: identities[i]!,
        stationId: sid(i),
        passwordHash,
        commissioned: true,
        heartbeatIntervalSeconds: fleet.heartbeatIntervalSeconds,
      })),
    );
  }
  const idTags: Record<number, string> = {};
  if (fleet.drivers === 0) return { identities, idTags };
  await db.insert(zavchargePlans).values({ code: "monthly", name: "Monthly", priceKobo: 500_000, periodDays: 30 }).onConflictDoNothing();
  const [plan] = await db.select({ id: zavchargePlans.id }).from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
  const step = N / fleet.drivers; // drivers spread over the range, so every client process gets some
  const email = (d: number) => `${slug}-driver-${d}@${slug}.invalid`;
  const code = (d: number) => `ZAV${String(d).padStart(8, "0")}${fleet.prefix}`;
  for (let from = 0; from < fleet.drivers; from += CHUNK) {
    const idx = Array.from({ length: Math.min(CHUNK, fleet.drivers - from) }, (_, k) => from + k);
    const people = await db
      .insert(users)
      .values(idx.map((d) => ({ id: randomUUID(), name: `${fleet.prefix} Driver ${d}`, email: email(d) })))
      .returning({ id: users.id, email: users.email });
    const userOf = new Map(people.map((u) => [u.email, u.id]));
    const uid = (d: number) => userOf.get(email(d))!;
    const periods = await db
      .insert(subscriptions)
      .values(
        idx.map((d) => ({ userId: uid(d), planName: "Monthly", priceKobo: 500_000, expiresAt: new Date(Date.now() + 20 * 86_400_000) })),
      )
      .returning({ id: subscriptions.id, userId: subscriptions.userId });
    const periodOf = new Map(periods.map((p) => [p.userId, p.id]));
    const accounts = await db
      .insert(zavchargeAccounts)
      .values(
        idx.map((d) => ({
          code: code(d),
          userId: uid(d),
          name: `${fleet.prefix} Driver ${d}`,
          planId: plan!.id,
          subscriptionId: periodOf.get(uid(d))!,
          balanceKobo: fleet.balanceKobo,
        })),
      )
      .returning({ id: zavchargeAccounts.id, code: zavchargeAccounts.code });
    await db.insert(zavchargeWalletEntries).values(
      accounts.map((a) => ({
        accountId: a.id,
        kind: "top_up",
        amountKobo: fleet.balanceKobo,
        balanceAfterKobo: fleet.balanceKobo,
        reference: `seed-top-up:${a.code}`,
        description: "Top-up",
      })),
    );
    for (const d of idx) idTags[Math.floor(d * step)] = code(d);
  }
  return { identities, idTags };
}
