import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { normaliseSubscriptionCode } from "@domain/zavcharge/accounts/account-rules";
import { startDecision } from "@domain/zavcharge/sessions/start-decision";
import { beginPinAttempt, pinSucceeded, RateLimitedError } from "../../auth/rate-limits";
import { getDb } from "../../db/client";
import { inTransaction } from "../../db/in-transaction";
import { isUniqueViolation } from "../../db/errors";
import { verifyPin } from "../accounts/pin-hash";
import { accountForStart } from "./account-for-start";
import type { TSessionRow } from "./list-sessions";
import { zavchargeAccounts } from "../accounts/schema";
import { chargingSlots, chargingStations } from "../network/schema";
import { openChargingSession } from "./open-charging-session";

/** Who asks: an attendant for a driver who typed the id and PIN, or a driver already known (signed in). */
export type TStartFor =
  { kind: "attendant"; subscriptionId: string; pin: string; ip: string; staffUserId: string } | { kind: "driver"; accountId: number };

export type TStartAttendedSession = { for: TStartFor; stationId: number; slotId: number; meterStartWh?: number };

/** The session just opened, with who and where as the sessions list shows them. */
export type TStartedSession = { sessionId: number } & Pick<
  TSessionRow,
  "accountCode" | "accountName" | "stationName" | "slotNumber" | "pricePerKwhKobo" | "startedAt"
>;

/**
 * The driver's id and PIN, typed at the attendant's screen (docs/product/zavcharge.md#wrong-pins): the attempt is
 * counted before anything is looked up, with the same limits as PIN sign-in, and a right PIN clears the count.
 */
async function accountFromPin(subscriptionId: string, pin: string, ip: string): Promise<TResult<{ accountId: number }>> {
  const code = normaliseSubscriptionCode(subscriptionId);
  try {
    await beginPinAttempt(code, ip);
  } catch (e) {
    if (e instanceof RateLimitedError) return refuse("rate_limited", e.message);
    throw e;
  }
  const [account] = await getDb()
    .select({ id: zavchargeAccounts.id, pinHash: zavchargeAccounts.pinHash, status: zavchargeAccounts.status })
    .from(zavchargeAccounts)
    .where(eq(zavchargeAccounts.code, code));
  if (!account || account.status === "closed") {
    await verifyPin(pin, null); // the same work either way
    return refuse("not_found", "Subscription ID not found", { field: "subscriptionId" });
  }
  if (!(await verifyPin(pin, account.pinHash))) return refuse("forbidden", "Incorrect PIN", { field: "pin" });
  await pinSucceeded(code, ip);
  return succeed({ accountId: account.id });
}

/**
 * Starts an attended session at one slot for one account (docs/product/zavcharge.md#charging-sessions): one whose
 * meter readings an attendant types. A charger's own start is chargers/start-charger-transaction.ts; a start the
 * driver asks for from the dashboard, sent to the charger, is chargers/start-remote-charging.ts. The account and
 * the slot rows are locked (FOR UPDATE) before the rules are read, so two starts at once for one slot or one
 * account cannot both pass; the partial unique indexes catch anything that slips by. openChargingSession writes it.
 */
export async function startAttendedSession(input: TStartAttendedSession): Promise<TResult<TStartedSession>> {
  let accountId: number;
  if (input.for.kind === "attendant") {
    const found = await accountFromPin(input.for.subscriptionId, input.for.pin, input.for.ip);
    if (!found.ok) return found;
    accountId = found.accountId;
  } else accountId = input.for.accountId;
  const staffUserId = input.for.kind === "attendant" ? input.for.staffUserId : null;

  try {
    return await inTransaction(async (tx) => {
      const now = new Date();
      // The account row is locked first, so no other start for it can slip in between this read and the insert.
      const account = await accountForStart(tx, { id: accountId }, { now, lock: true });
      if (!account) return refuse("not_found", "Subscription ID not found", { field: "subscriptionId" });
      const [slot] = await tx
        .select({ slot: chargingSlots, station: chargingStations })
        .from(chargingSlots)
        .innerJoin(chargingStations, eq(chargingStations.id, chargingSlots.stationId))
        .where(eq(chargingSlots.id, input.slotId))
        .for("update", { of: chargingSlots });
      if (!slot || slot.station.id !== input.stationId) return refuse("not_found", "That slot is not at this station", { field: "slotId" });
      // For the site a slot's status says whether a session holds it.
      const decision = startDecision({ account: account.facts, place: { ...slot, held: false }, by: "site" }, now);
      if (!decision.opens) return refuse("conflict", decision.message ?? "This account cannot start charging now.");

      const sessionId = await openChargingSession(tx, {
        account: { id: accountId, userId: account.userId },
        station: slot.station,
        slot: slot.slot,
        startedAt: now,
        meterStartWh: input.meterStartWh ?? 0,
        now,
        startedByUserId: staffUserId,
      });
      return succeed({
        sessionId,
        accountCode: account.code,
        accountName: account.name ?? "",
        stationName: slot.station.name,
        slotNumber: slot.slot.number,
        pricePerKwhKobo: slot.station.pricePerKwhKobo,
        startedAt: now,
      });
    });
  } catch (e) {
    // The partial unique indexes: another start for this slot or this account committed first.
    if (isUniqueViolation(e)) return refuse("conflict", "That slot or this account has just started another session. Try again.");
    throw e;
  }
}
