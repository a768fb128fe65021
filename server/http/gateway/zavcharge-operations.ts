import { z } from "zod";
import { refuse } from "@domain/errors/app-error";
import { getDb } from "../../db/client";
import { getSettings } from "../../settings/get-settings";
import { findDriverAccountForUser } from "../../zavcharge/accounts/find-driver-account";
import { getDriverDashboard } from "../../zavcharge/accounts/get-driver-dashboard";
import { findLiveSession } from "../../zavcharge/sessions/live-session";
import { startRemoteCharging } from "../../zavcharge/sessions/start-remote-charging";
import { stopRemoteCharging } from "../../zavcharge/sessions/stop-remote-charging";
import { userOperation, type TApiOperation } from "./api-operation";

// A driver's ZavCharge account through the API (docs/product/api-gateway.md#zavcharge), as /zavcharge/dashboard shows
// it: the account and balance, recent wallet movements and sessions, the session running now, and starting and
// stopping a charge on a connected charger. The same use cases and limits as the dashboard.

const ZDriverAccount = z
  .object({
    code: z.string().describe("The subscription id"),
    name: z.string(),
    state: z.enum(["active", "expired", "suspended", "closed"]),
    balanceKobo: z.number().int(),
    currency: z.literal("NGN"),
    plan: z.object({ code: z.string(), name: z.string(), priceKobo: z.number().int() }),
    planExpiresAt: z.string().nullable(),
  })
  .meta({ id: "DriverAccount" });

const ZDriverActivity = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        amountKobo: z.number().int(),
        balanceAfterKobo: z.number().int(),
        description: z.string(),
        createdAt: z.string(),
      }),
    ),
    sessions: z.array(
      z.object({
        id: z.number().int(),
        station: z.string(),
        slotNumber: z.number().int(),
        status: z.string(),
        startedAt: z.string(),
        stoppedAt: z.string().nullable(),
        energyWh: z.number().int().nullable(),
        costKobo: z.number().int().nullable(),
      }),
    ),
    live: z
      .object({
        sessionId: z.number().int(),
        status: z.string(),
        stationName: z.string(),
        slotNumber: z.number().int(),
        startedAt: z.string(),
        energyWh: z.number().int(),
        costKobo: z.number().int(),
        pricePerKwhKobo: z.number().int(),
        socPercent: z.number().nullable(),
        powerW: z.number().nullable(),
        stopReason: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "DriverActivity" });

const ZStartCharging = z
  .object({
    stationId: z.number({ error: "Choose a station" }).int().positive("Choose a station"),
    slotNumber: z.number({ error: "Choose a slot" }).int().min(1, "Choose a slot").max(99, "Choose a slot"),
    energyLimitWh: z.number().int().positive().max(500_000, "Stop at 500 kWh at most").optional(),
    moneyLimitKobo: z.number().int().positive().max(50_000_000, "Stop at ₦500,000 at most").optional(),
  })
  .refine((v) => v.energyLimitWh === undefined || v.moneyLimitKobo === undefined, {
    message: "Set a limit in energy or in money, not both",
    path: ["moneyLimitKobo"],
  })
  .meta({ id: "StartCharging" });

const ZStarted = z.object({ chargerId: z.number().int(), status: z.string() }).meta({ id: "ChargingStarted" });
const ZStopped = z.object({ status: z.string() }).meta({ id: "ChargingStopped" });

/** The person's own open ZavCharge account, while ZavCharge is switched on. */
async function driverOf(userId: string) {
  if (!(await getSettings()).zavChargeEnabled) return refuse("unavailable", "ZavCharge is not available at the moment.");
  const driver = await findDriverAccountForUser(userId);
  return driver ? { ok: true as const, driver } : refuse("not_found", "You have no ZavCharge account: join ZavCharge first.");
}

export const zavchargeOperations: TApiOperation[] = [
  userOperation({
    method: "GET",
    path: "/zavcharge/account",
    operationId: "getDriverAccount",
    summary: "Your ZavCharge account: subscription id, state, balance and plan",
    tag: "ZavCharge",
    success: { status: 200, schema: ZDriverAccount, description: "The account" },
    refusals: [404, 503],
    async handle({ caller }) {
      const found = await driverOf(caller.viewer.id);
      if (!found.ok) return found;
      const { driver } = found;
      return {
        status: 200,
        body: {
          code: driver.code,
          name: driver.name,
          state: driver.state,
          balanceKobo: driver.balanceKobo,
          currency: "NGN",
          plan: { code: driver.plan.code, name: driver.plan.name, priceKobo: driver.plan.priceKobo },
          planExpiresAt: driver.planExpiresAt?.toISOString() ?? null,
        },
      };
    },
  }),
  userOperation({
    method: "GET",
    path: "/zavcharge/activity",
    operationId: "getDriverActivity",
    summary: "Your recent wallet movements and charging sessions, newest first, and the session running now",
    tag: "ZavCharge",
    success: { status: 200, schema: ZDriverActivity, description: "The activity" },
    refusals: [404, 503],
    async handle({ caller }) {
      const found = await driverOf(caller.viewer.id);
      if (!found.ok) return found;
      const [recent, live] = await Promise.all([getDriverDashboard(found.driver.id), findLiveSession(getDb(), found.driver.id)]);
      return {
        status: 200,
        body: {
          entries: recent.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
          sessions: recent.sessions.map((s) => ({
            ...s,
            startedAt: s.startedAt.toISOString(),
            stoppedAt: s.stoppedAt?.toISOString() ?? null,
          })),
          live,
        },
      };
    },
  }),
  userOperation({
    method: "POST",
    path: "/zavcharge/charging/start",
    operationId: "startCharging",
    summary: "Start charging at a slot of a connected charger, optionally stopping at an energy or money limit. Needs an Idempotency-Key.",
    tag: "ZavCharge",
    body: ZStartCharging,
    idempotent: true,
    success: { status: 200, schema: ZStarted, description: "The charger accepted: charging begins in a few seconds" },
    refusals: [403, 404, 409, 422, 503],
    async handle({ caller, body, now }) {
      const found = await driverOf(caller.viewer.id);
      if (!found.ok) return found;
      const started = await startRemoteCharging(
        {
          accountId: found.driver.id,
          stationId: body.stationId,
          slotNumber: body.slotNumber,
          energyLimitWh: body.energyLimitWh ?? null,
          moneyLimitKobo: body.moneyLimitKobo ?? null,
        },
        now,
      );
      return started.ok ? { status: 200, body: { chargerId: started.chargerId, status: started.status } } : started;
    },
  }),
  userOperation({
    method: "POST",
    path: "/zavcharge/charging/stop",
    operationId: "stopCharging",
    summary: "Stop your session running on a charger",
    tag: "ZavCharge",
    body: z.object({ sessionId: z.number().int().positive() }).meta({ id: "StopCharging" }),
    success: { status: 200, schema: ZStopped, description: "The charger is stopping: the receipt follows" },
    refusals: [404, 409, 503],
    async handle({ caller, body }) {
      const found = await driverOf(caller.viewer.id);
      if (!found.ok) return found;
      const stopped = await stopRemoteCharging(found.driver.id, body.sessionId);
      return stopped.ok ? { status: 200, body: { status: stopped.status } } : stopped;
    },
  }),
];
