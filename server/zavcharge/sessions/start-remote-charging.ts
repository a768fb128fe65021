import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZRemoteStart, type TRemoteStart } from "@domain/zavcharge/chargers/charger-input";
import { accountState } from "@domain/zavcharge/accounts/account-rules";
import { startRefusal } from "@domain/zavcharge/sessions/session-rules";
import { getDb } from "../../db/client";
import { subscriptions } from "../../subscriptions/schema";
import { idTagVerdict } from "../chargers/authorize-id-tag";
import { chargerGateway } from "../chargers/charger-gateway";
import { holdRemoteStartLimits } from "./remote-start-limits";
import { chargers, chargingSlots, chargingStations, zavchargeAccounts } from "../schema";

/**
 * A driver starts charging from the site (docs/product/zavcharge.md#chargers): they pick a station and a slot
 * where their car is plugged in. The same rules as a card at the charger apply (account active, balance at least
 * ₦500, not charging elsewhere; station open, slot free), then the station's connected charger is asked to start
 * (RemoteStartTransaction with the account code as id tag). The session opens when the charger's
 * StartTransaction arrives; optional energy and money limits are attached to it then.
 */
export async function startRemoteCharging(raw: TRemoteStart, now = new Date()): Promise<TResult<{ chargerId: number; status: string }>> {
  const parsed = ZRemoteStart.safeParse(raw);
  if (!parsed.success) return refuse("invalid_input", parsed.error.issues[0]?.message ?? "Choose a station and a slot");
  const input = parsed.data;
  const db = getDb();
  const [account] = await db
    .select({ account: zavchargeAccounts, expiresAt: subscriptions.expiresAt })
    .from(zavchargeAccounts)
    .leftJoin(subscriptions, eq(subscriptions.id, zavchargeAccounts.subscriptionId))
    .where(eq(zavchargeAccounts.id, input.accountId));
  if (!account) return refuse("not_found", "Subscription ID not found");
  const [slot] = await db
    .select({ slot: chargingSlots, station: chargingStations })
    .from(chargingSlots)
    .innerJoin(chargingStations, eq(chargingStations.id, chargingSlots.stationId))
    .where(and(eq(chargingSlots.stationId, input.stationId), eq(chargingSlots.number, input.slotNumber)));
  // Named for the dashboard form's one choice of station and slot (ZDriverStartForm), so the message shows beside it.
  if (!slot) return refuse("not_found", "That slot is not at this station", { field: "place" });

  const a = account.account;
  const state = accountState({ status: a.status, planExpiresAt: account.expiresAt }, now);
  const why = startRefusal({ state, balanceKobo: a.balanceKobo }, slot.station, slot.slot, now);
  if (why) return refuse("conflict", why);
  const verdict = await idTagVerdict(db, a.code, { now });
  if (verdict.status === "ConcurrentTx") return refuse("conflict", "This account already has a session running. Stop it first.");
  if (verdict.status !== "Accepted") return refuse("conflict", "This account cannot start charging now.");

  const candidates = await db
    .select({ id: chargers.id })
    .from(chargers)
    .where(and(eq(chargers.stationId, slot.station.id), eq(chargers.commissioned, true), eq(chargers.connected, true)));
  const charger = candidates.find((c) => chargerGateway.isConnected(c.id));
  if (!charger) return refuse("unavailable", `${slot.station.name}'s charger is not connected at the moment.`);

  await holdRemoteStartLimits(
    db,
    charger.id,
    slot.slot.number,
    a.code,
    { energyLimitWh: input.energyLimitWh ?? null, moneyLimitKobo: input.moneyLimitKobo ?? null },
    now,
  );
  const answer = await chargerGateway.remoteStart(charger.id, slot.slot.number, a.code);
  if (!answer.ok) return refuse("unavailable", answer.message);
  if (answer.status !== "Accepted") return refuse("conflict", "The charger refused to start. Check that the car is plugged in.");
  return succeed({ chargerId: charger.id, status: answer.status });
}
