import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { subscriptionCode } from "@domain/zavcharge/accounts/account-rules";
import { getDb } from "../../server/db/client";
import { subscriptions } from "../../server/subscriptions/schema";
import { hashPin } from "../../server/zavcharge/accounts/pin-hash";
import { postWalletEntry } from "../../server/zavcharge/wallet/post-wallet-entry";
import { chargingSlots, chargingStations, zavchargeAccounts, zavchargePlans } from "../../server/zavcharge/schema";
import { makeUser } from "./store-fixtures";

// ZavCharge test data for vitest: a driver account of the test's own with a known PIN and balance, and a station
// with slots, so tests never share a wallet or a slot.

const DAY = 86_400_000;
let pinHashCache: { pin: string; hash: string } | undefined;

async function monthlyPlanId(): Promise<number> {
  const db = getDb();
  await db
    .insert(zavchargePlans)
    .values({ code: "monthly", name: "Monthly", priceKobo: 500_000, periodDays: 30, sortOrder: 1 })
    .onConflictDoNothing();
  const [plan] = await db.select({ id: zavchargePlans.id }).from(zavchargePlans).where(eq(zavchargePlans.code, "monthly"));
  return plan!.id;
}

export type TTestDriver = { accountId: number; code: string; pin: string; userId: string; email: string; name: string };

/** An account on a plan running 30 days (or expired), with this balance (posted as a top-up) and PIN. */
export async function createTestDriver(
  over: { balanceKobo?: number; pin?: string; status?: "active" | "suspended" | "closed"; planExpired?: boolean; name?: string } = {},
): Promise<TTestDriver> {
  const pin = over.pin ?? "135790";
  if (pinHashCache?.pin !== pin) pinHashCache = { pin, hash: await hashPin(pin) };
  const user = await makeUser("customer", over.name ?? "Tunde Bakare");
  const planId = await monthlyPlanId();
  const db = getDb();
  const [period] = await db
    .insert(subscriptions)
    .values({
      userId: user.id,
      planName: "Monthly",
      priceKobo: 500_000,
      startsAt: new Date(Date.now() - 10 * DAY),
      expiresAt: new Date(Date.now() + (over.planExpired ? -1 : 20) * DAY),
    })
    .returning({ id: subscriptions.id });
  const code = subscriptionCode(Date.now() + randomInt(1_000_000), (n) => randomInt(n));
  const [account] = await db
    .insert(zavchargeAccounts)
    .values({
      code,
      userId: user.id,
      name: user.name,
      email: user.email,
      phone: "+2348031234567",
      pinHash: pinHashCache.hash,
      planId,
      subscriptionId: period!.id,
      status: over.status ?? "active",
      suspendedReason: over.status === "suspended" ? "Test suspension" : null,
    })
    .returning({ id: zavchargeAccounts.id });
  const balance = over.balanceKobo ?? 1_000_000;
  if (balance > 0)
    await db.transaction((tx) =>
      postWalletEntry(tx, {
        accountId: account!.id,
        kind: "top_up",
        amountKobo: balance,
        reference: `test-top-up:${account!.id}`,
        description: "Test top-up",
      }),
    );
  return { accountId: account!.id, code, pin, userId: user.id, email: user.email, name: user.name };
}

/** An online station of the test's own with `slots` available slots at this price per kWh. */
export async function createTestStation(over: { pricePerKwhKobo?: number; slots?: number; status?: string; name?: string } = {}) {
  const slug = `test-station-${randomInt(1_000_000_000)}`;
  const [station] = await getDb()
    .insert(chargingStations)
    .values({
      slug,
      name: over.name ?? `Test Station ${slug.slice(-5)}`,
      address: "1 Test Road",
      city: "Lagos",
      state: "Lagos",
      latitude: 6.5,
      longitude: 3.4,
      pricePerKwhKobo: over.pricePerKwhKobo ?? 25_000,
      status: over.status ?? "online",
    })
    .returning();
  const slots = await getDb()
    .insert(chargingSlots)
    .values(Array.from({ length: over.slots ?? 2 }, (_, i) => ({ stationId: station!.id, number: i + 1 })))
    .returning();
  return { station: station!, slots };
}

export async function balanceOf(accountId: number): Promise<number> {
  const [a] = await getDb().select({ b: zavchargeAccounts.balanceKobo }).from(zavchargeAccounts).where(eq(zavchargeAccounts.id, accountId));
  return a!.b;
}
