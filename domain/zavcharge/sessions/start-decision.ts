// Whether a charging session may start (docs/product/zavcharge.md#charging-sessions and #chargers): one decision for
// the attendant's start, the driver's start from the dashboard and the charger's own (Authorize, StartTransaction).
// It answers in OCPP 1.6's idTagInfo words, which a charger acts on, and in the words the driver and the attendant
// read. Pure: the server gathers the facts, locks what it must, and acts on the answer.
import { formatKobo } from "../../money/money";
import type { TAccountState } from "../accounts/account-rules";
import { inMaintenance } from "../network/network-rules";
import { MIN_START_BALANCE_KOBO } from "./session-rules";

/** A charger's start stamped this much before it reaches us was queued while the charger was offline. */
export const OFFLINE_START_MS = 5 * 60_000;

/** OCPP 1.6 idTagInfo.status. OCPP has no "no credit": a short balance or an expired plan is Blocked. */
export type TStartStatus = "Accepted" | "Blocked" | "Invalid" | "ConcurrentTx";

/** What the decision reads of an account: null when no account has the id or the tag. */
export type TStartAccount = { state: TAccountState; balanceKobo: number; chargingElsewhere: boolean } | null;

/** Where the session would run, when the start names a place (Authorize does not). */
export type TStartPlace = {
  station: { name: string; status: string; maintenanceStartsAt: Date | null; maintenanceMinutes: number };
  slot: { number: number; status: string };
  /** An open session holds the slot. */
  held: boolean;
};

export type TStartFacts = {
  account: TStartAccount;
  place?: TStartPlace;
  /**
   * Who starts it. The site (an attendant, or the driver's dashboard) reads the station's and the slot's status as
   * staff and the chargers set them. A charger's own start does not: its slot reads "charging" from the charger's
   * own StatusNotification before its StartTransaction arrives, and a connected charger's station is online.
   */
  by: "site" | "charger";
  /**
   * When a charger's StartTransaction says the charge began. Stamped more than OFFLINE_START_MS before now, it was
   * queued while the charger was offline: the energy has been delivered, so a known account that is only blocked
   * now (short of money, plan ended, suspended) is still billed for it; the charger hears "Blocked" and ends the
   * charge if it still runs.
   */
  stampedAt?: Date;
};

/** `opens`: a session is opened (its energy billed). `message`: what a person is told when it is not Accepted. */
export type TStartDecision = { status: TStartStatus; opens: boolean; message: string | null };

const ACCEPTED: TStartDecision = { status: "Accepted", opens: true, message: null };
const refused = (status: Exclude<TStartStatus, "Accepted">, message: string): TStartDecision => ({ status, opens: false, message });

function accountDecision(a: TStartAccount): TStartDecision {
  if (!a) return refused("Invalid", "Subscription ID not found");
  if (a.state === "closed") return refused("Invalid", "This ZavCharge account is closed.");
  if (a.state === "suspended") return refused("Blocked", "This ZavCharge account is suspended. Please contact support.");
  if (a.state === "expired") return refused("Blocked", "The plan on this account has expired. Renew it to start charging.");
  if (a.balanceKobo < MIN_START_BALANCE_KOBO)
    return refused("Blocked", `The balance is below the ${formatKobo(MIN_START_BALANCE_KOBO)} needed to start. Please top up.`);
  if (a.chargingElsewhere) return refused("ConcurrentTx", "This account already has a session running. Stop it first.");
  return ACCEPTED;
}

function placeDecision(p: TStartPlace, by: TStartFacts["by"], now: Date): TStartDecision {
  const { station, slot } = p;
  if (station.status === "maintenance" || inMaintenance(station, now))
    return refused("Blocked", `${station.name} is closed for maintenance.`);
  if (by === "site" && station.status !== "online") return refused("Blocked", `${station.name} is offline at the moment.`);
  if (p.held || (by === "site" && slot.status === "charging")) return refused("ConcurrentTx", `Slot ${slot.number} is already in use.`);
  if (by === "site" && slot.status !== "available") return refused("Blocked", `Slot ${slot.number} is out of order.`);
  return ACCEPTED;
}

export function startDecision(facts: TStartFacts, now: Date): TStartDecision {
  const account = accountDecision(facts.account);
  const queuedOffline = facts.stampedAt !== undefined && now.getTime() - facts.stampedAt.getTime() > OFFLINE_START_MS;
  const billedAnyway = queuedOffline && account.status === "Blocked";
  if (!account.opens && !billedAnyway) return account;
  if (facts.place) {
    const place = placeDecision(facts.place, facts.by, now);
    if (!place.opens) return place;
  }
  return billedAnyway ? { ...account, opens: true } : ACCEPTED;
}
