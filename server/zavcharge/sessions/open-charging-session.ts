import { formatKobo } from "@domain/money/money";
import type { Tx } from "../../db/client";
import { notifyUser } from "../../notifications/notify-user";
import { publishStationAvailability } from "../network/publish-station-availability";
import type { chargingStations } from "../network/schema";
import { setSlotStatus } from "../network/set-slot-status";
import { chargingSessions } from "./schema";
import { publishLiveSession } from "./live-session";

export type TOpenSession = {
  account: { id: number; userId: string | null };
  station: Pick<typeof chargingStations.$inferSelect, "id" | "name" | "pricePerKwhKobo">;
  slot: { id: number; number: number };
  startedAt: Date;
  meterStartWh: number;
  now: Date;
  /** The attendant who started it, for an attended session. */
  startedByUserId?: string | null;
  /** A charger's own start: the charger, the tag and the driver's limits held for a remote start. */
  charger?: { chargerId: number; idTag: string; energyLimitWh: number | null; moneyLimitKobo: number | null };
};

/**
 * Opens a charging session (docs/product/zavcharge.md#charging-sessions), the one writer of a new session for the
 * attended start and the charger's own start, after the start decision let it open and with the account and slot
 * rows locked by the caller: the price per kWh is the station's now and stays on the session, the slot becomes
 * "charging", every network page and the driver's open pages hear of it, and the driver is told.
 */
export async function openChargingSession(tx: Tx, s: TOpenSession): Promise<number> {
  const [session] = await tx
    .insert(chargingSessions)
    .values({
      accountId: s.account.id,
      stationId: s.station.id,
      slotId: s.slot.id,
      slotNumber: s.slot.number,
      pricePerKwhKobo: s.station.pricePerKwhKobo,
      status: "active",
      startedAt: s.startedAt,
      meterStartWh: s.meterStartWh,
      startedByUserId: s.startedByUserId ?? null,
      ...(s.charger ? { source: "charger", ...s.charger } : {}),
    })
    .returning({ id: chargingSessions.id });
  await setSlotStatus(tx, s.slot.id, "charging", s.now);
  await publishStationAvailability(tx, s.station.id);
  await publishLiveSession(tx, session!.id);
  if (s.account.userId)
    await notifyUser(tx, {
      userId: s.account.userId,
      type: "charging",
      title: "Charging started",
      message: `${s.station.name}, slot ${s.slot.number}: charging at ${formatKobo(s.station.pricePerKwhKobo)} per kWh.`,
      link: "/zavcharge/history",
      metadata: { stationName: s.station.name, slotId: s.slot.number, rate: s.station.pricePerKwhKobo },
    });
  return session!.id;
}
