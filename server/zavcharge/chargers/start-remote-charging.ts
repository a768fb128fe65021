import { and, eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { ZRemoteStart, type TRemoteStart } from "@domain/zavcharge/chargers/charger-input";
import { startDecision } from "@domain/zavcharge/sessions/start-decision";
import { getDb } from "../../db/client";
import { chargerGateway } from "./charger-gateway";
import { accountForStart } from "../sessions/account-for-start";
import { holdRemoteStartLimits } from "../sessions/remote-start-limits";
import { chargers } from "./schema";
import { chargingSlots, chargingStations } from "../network/schema";

/**
 * A driver starts charging from the site (docs/product/zavcharge.md#chargers): they pick a station and a slot
 * where their car is plugged in. The one start decision (domain/zavcharge/sessions/start-decision.ts) applies as for
 * a card at the charger (account active, balance at least ₦500, not charging elsewhere; station open, slot free), then the station's connected charger is asked to start
 * (RemoteStartTransaction with the account code as id tag). The session opens when the charger's
 * StartTransaction arrives; optional energy and money limits are attached to it then.
 */
export async function startRemoteCharging(raw: TRemoteStart, now = new Date()): Promise<TResult<{ chargerId: number; status: string }>> {
  const parsed = ZRemoteStart.safeParse(raw);
  if (!parsed.success) return refuse("invalid_input", parsed.error.issues[0]?.message ?? "Choose a station and a slot");
  const input = parsed.data;
  const db = getDb();
  const account = await accountForStart(db, { id: input.accountId }, { now });
  if (!account) return refuse("not_found", "Subscription ID not found");
  const [slot] = await db
    .select({ slot: chargingSlots, station: chargingStations })
    .from(chargingSlots)
    .innerJoin(chargingStations, eq(chargingStations.id, chargingSlots.stationId))
    .where(and(eq(chargingSlots.stationId, input.stationId), eq(chargingSlots.number, input.slotNumber)));
  // Named for the dashboard form's one choice of station and slot (ZDriverStartForm), so the message shows beside it.
  if (!slot) return refuse("not_found", "That slot is not at this station", { field: "place" });

  // The charger's StartTransaction is decided again when it arrives; this refuses early, in the driver's words. For
  // the site a slot's status says whether a session holds it.
  const decision = startDecision({ account: account.facts, place: { ...slot, held: false }, by: "site" }, now);
  if (!decision.opens) return refuse("conflict", decision.message ?? "This account cannot start charging now.");

  const candidates = await db
    .select({ id: chargers.id })
    .from(chargers)
    .where(
      and(
        eq(chargers.stationId, slot.station.id),
        eq(chargers.commissioned, true),
        eq(chargers.connected, true),
        // Connected here or to another instance (docs/operations.md#several-instances): the command reaches it either way.
        chargerGateway.reachableWhere(chargers.id),
      ),
    );
  const charger = candidates[0];
  if (!charger) return refuse("unavailable", `${slot.station.name}'s charger is not connected at the moment.`);

  await holdRemoteStartLimits(
    db,
    charger.id,
    slot.slot.number,
    account.code,
    { energyLimitWh: input.energyLimitWh ?? null, moneyLimitKobo: input.moneyLimitKobo ?? null },
    now,
  );
  const answer = await chargerGateway.remoteStart(charger.id, slot.slot.number, account.code);
  if (!answer.ok) return refuse("unavailable", answer.message);
  if (answer.status !== "Accepted") return refuse("conflict", "The charger refused to start. Check that the car is plugged in.");
  return succeed({ chargerId: charger.id, status: answer.status });
}
