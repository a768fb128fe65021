import { z } from "zod";
import { refuse, type TFailure } from "@domain/errors/app-error";
import { ZApiPinLogin } from "@domain/gateway/api-input";
import { ZPinSignIn } from "@domain/zavcharge/accounts/account-input";
import { WALLET_ENTRY_KINDS } from "@domain/zavcharge/wallet/wallet-rules";
import { parseAddressId } from "@domain/http/outside-text";
import { driverBearer, type TDriverCaller } from "../../gateway/authenticate-driver-token";
import { getSettings } from "../../settings/get-settings";
import { endPinSession } from "../../zavcharge/accounts/end-pin-session";
import { findDriverAccountForUser, type TDriverAccount } from "../../zavcharge/accounts/find-driver-account";
import { getDriverDashboard } from "../../zavcharge/statements/get-driver-dashboard";
import { signInWithPin } from "../../zavcharge/accounts/sign-in-with-pin";
import { findAccountSession, listAccountSessionsAfter, type TSessionRow } from "../../zavcharge/sessions/list-sessions";
import { startRemoteCharging } from "../../zavcharge/chargers/start-remote-charging";
import { stopRemoteCharging } from "../../zavcharge/chargers/stop-remote-charging";
import { renderStatementPdf } from "../../zavcharge/statements/render-statement-pdf";
import { getStatement, statementFileNameFor, type TStatement } from "../../zavcharge/statements/statement";
import { listWalletEntriesBefore } from "../../zavcharge/wallet/list-wallet-entries";
import { keysetAnswer, ZPageOf, ZPageQuery } from "./api-paging";
import {
  driverOperation,
  pdfAnswer,
  pdfDownload,
  publicOperation,
  type TApiAnswer,
  type TApiContext,
  type TApiOperation,
  type TDriverOperation,
} from "./api-operation";

// A driver's ZavCharge account through the API (docs/product/api-gateway.md#zavcharge), as /zavcharge/dashboard shows
// it: the account and balance, recent wallet movements and sessions, the session running now, and starting and
// stopping a charge on a connected charger; the whole wallet ledger and session history a page at a time, and the
// statement. The same use cases and limits as the dashboard. Each operation answers a person signed in with their
// password (their account) or a driver signed in with the subscription id and PIN (docs/product/api-gateway.md#signing-in:
// that account, and nothing outside ZavCharge).

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

const ZWalletEntry = z
  .object({
    id: z.number().int(),
    kind: z.enum(WALLET_ENTRY_KINDS),
    amountKobo: z.number().int().describe("Positive for a credit, negative for a debit"),
    balanceAfterKobo: z.number().int(),
    description: z.string(),
    sessionId: z.number().int().nullable().describe("The charging session it paid for, if any"),
    createdAt: z.string(),
  })
  .meta({ id: "WalletEntry" });
const ZLedgerPage = ZPageOf("LedgerPage", ZWalletEntry);

const ZChargingSession = z
  .object({
    id: z.number().int(),
    status: z.string(),
    station: z.string(),
    slotNumber: z.number().int(),
    pricePerKwhKobo: z.number().int(),
    startedAt: z.string(),
    stoppedAt: z.string().nullable(),
    energyWh: z.number().int().nullable(),
    costKobo: z.number().int().nullable(),
    unpaidKobo: z.number().int().describe("What the balance could not cover, left for staff"),
  })
  .meta({ id: "ChargingSession" });
const ZSessionPage = ZPageOf("SessionPage", ZChargingSession);

const ZStatement = z
  .object({
    month: z.string().nullable().describe("The Lagos month covered (2026-11), or null for the whole history"),
    accountCode: z.string(),
    accountName: z.string(),
    currency: z.literal("NGN"),
    rows: z.array(
      z.object({
        sessionId: z.number().int(),
        startedAt: z.string(),
        date: z.string().describe("The Lagos date, 2026-11-23"),
        time: z.string().describe("The Lagos time, 14:05"),
        station: z.string(),
        slot: z.number().int(),
        energyWh: z.number().int().nullable(),
        duration: z.string(),
        costKobo: z.number().int().nullable(),
        unpaidKobo: z.number().int(),
        status: z.string(),
      }),
    ),
    totals: z.object({
      sessions: z.number().int(),
      amountSpentKobo: z.number().int(),
      balanceKobo: z.number().int().describe("The balance now"),
      generatedAt: z.string(),
    }),
  })
  .meta({ id: "Statement" });

const ZDriverSignedIn = z
  .object({
    token: z.string().describe("The driver's token (zpt_…): send it as `Authorization: Bearer <token>` to the ZavCharge operations only."),
    expiresIn: z.number().int().describe("Seconds it lasts (12 hours); there is no refresh token: sign in with the PIN again."),
    account: z.object({ code: z.string(), name: z.string() }),
  })
  .meta({ id: "DriverSignedIn" });

const ONE_MESSAGE = "Invalid Subscription ID or PIN";
const MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;

const unavailable = () => refuse("unavailable", "ZavCharge is not available at the moment.");
const noAccount = () => refuse("not_found", "You have no ZavCharge account: join ZavCharge first.");

/** The caller's open ZavCharge account (a person's own, or the PIN token's), while ZavCharge is switched on. */
async function driverOf(caller: TDriverCaller) {
  if (!(await getSettings()).zavChargeEnabled) return unavailable();
  const driver = caller.kind === "pin" ? caller.account : await findDriverAccountForUser(caller.person.viewer.id);
  return driver ? { ok: true as const, driver } : noAccount();
}

/**
 * An operation on the caller's own ZavCharge account (docs/product/api-gateway.md#zavcharge), under the ZavCharge tag:
 * refused while ZavCharge is switched off (503) or when they have no account (404), as the driver pages are by their
 * route's access, so its `refusals` are only its own besides those; `handle` gets the account.
 */
function accountOperation<TSchema extends z.ZodType>(
  op: Omit<TDriverOperation<z.output<TSchema>>, "body" | "access" | "handle" | "tag"> & {
    body?: TSchema;
    handle: (ctx: TApiContext<z.output<TSchema>, TDriverCaller> & { driver: TDriverAccount }) => Promise<TApiAnswer | TFailure>;
  },
): TApiOperation {
  return driverOperation<TSchema>({
    ...op,
    tag: "ZavCharge",
    refusals: [...new Set([...op.refusals, 404, 503])].sort((a, b) => a - b),
    async handle(ctx) {
      const found = await driverOf(ctx.caller);
      return found.ok ? op.handle({ ...ctx, driver: found.driver }) : found;
    },
  });
}

const sessionView = (s: TSessionRow) => ({
  id: s.id,
  status: s.status,
  station: s.stationName,
  slotNumber: s.slotNumber,
  pricePerKwhKobo: s.pricePerKwhKobo,
  startedAt: s.startedAt.toISOString(),
  stoppedAt: s.stoppedAt?.toISOString() ?? null,
  energyWh: s.energyWh,
  costKobo: s.costKobo,
  unpaidKobo: s.unpaidKobo,
});

const statementView = (st: TStatement) => ({
  month: st.month,
  accountCode: st.accountCode,
  accountName: st.accountName,
  currency: "NGN" as const,
  rows: st.rows.map((r) => ({
    sessionId: r.sessionId,
    startedAt: r.startedAt.toISOString(),
    date: r.isoDate,
    time: r.time,
    station: r.station,
    slot: r.slot,
    energyWh: r.energyWh,
    duration: r.duration,
    costKobo: r.costKobo,
    unpaidKobo: r.unpaidKobo,
    status: r.status,
  })),
  totals: { ...st.totals, generatedAt: st.totals.generatedAt.toISOString() },
});

/** The account's statement as the answer: its whole history, or one Lagos month's (2026-11). */
async function statementAnswer(accountId: number, now: Date, month: string | null = null): Promise<TApiAnswer | TFailure> {
  const statement = await getStatement(accountId, now, month);
  return statement ? { status: 200, body: statementView(statement) } : noAccount();
}

export const zavchargeOperations: TApiOperation[] = [
  publicOperation({
    method: "POST",
    path: "/auth/pin-login",
    operationId: "pinLogin",
    summary: "Sign in as a ZavCharge driver with the subscription id and PIN: a token for that account's ZavCharge operations only",
    tag: "Auth",
    body: ZApiPinLogin,
    success: { status: 200, schema: ZDriverSignedIn, description: "Signed in: the driver's token" },
    refusals: [401, 429, 503],
    async handle({ body, ip, log }) {
      if (!(await getSettings()).zavChargeEnabled) return unavailable();
      // The website's PIN sign-in (docs/product/zavcharge.md#pins and #wrong-pins): the same form rules, the same
      // counted attempts and pauses, and a PIN session; a wrong id or PIN is one message here, so nobody learns which ids exist.
      const form = ZPinSignIn.safeParse({ subscriptionId: body.subscriptionId, pin: body.pin });
      if (!form.success) {
        const issue = form.error.issues[0]!;
        return issue.path[0] === "pin" ? refuse("invalid_input", issue.message, { field: "pin" }) : refuse("unauthenticated", ONE_MESSAGE);
      }
      const signedIn = await signInWithPin(form.data, ip);
      if (!signedIn.ok) return signedIn.error.code === "invalid_input" ? refuse("unauthenticated", ONE_MESSAGE) : signedIn;
      log.info({ platform: body.platform, deviceType: body.deviceInfo.type }, "driver signed in with a PIN");
      return {
        status: 200,
        body: {
          token: driverBearer(signedIn.token),
          expiresIn: signedIn.maxAgeSeconds,
          account: { code: form.data.subscriptionId, name: signedIn.name },
        },
      };
    },
  }),
  driverOperation({
    method: "POST",
    path: "/auth/pin-logout",
    operationId: "pinLogout",
    summary: "End a driver's PIN sign-in: its token stops working",
    tag: "Auth",
    body: z.object({}).meta({ id: "PinLogoutRequest" }),
    success: { status: 200, schema: z.object({ signedOut: z.literal(true) }).meta({ id: "PinSignedOut" }), description: "Signed out" },
    refusals: [403],
    async handle({ caller }) {
      if (caller.kind !== "pin") return refuse("forbidden", "This ends a ZavCharge PIN sign-in: sign a device out with /auth/logout.");
      await endPinSession(caller.pinToken);
      return { status: 200, body: { signedOut: true } };
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/account",
    operationId: "getDriverAccount",
    summary: "Your ZavCharge account: subscription id, state, balance and plan",
    success: { status: 200, schema: ZDriverAccount, description: "The account" },
    refusals: [],
    async handle({ driver }) {
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
  accountOperation({
    method: "GET",
    path: "/zavcharge/activity",
    operationId: "getDriverActivity",
    summary: "Your recent wallet movements and charging sessions, newest first, and the session running now",
    success: { status: 200, schema: ZDriverActivity, description: "The activity" },
    refusals: [],
    async handle({ driver }) {
      const recent = await getDriverDashboard(driver.id);
      return {
        status: 200,
        body: {
          entries: recent.entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
          sessions: recent.sessions.map((s) => ({
            ...s,
            startedAt: s.startedAt.toISOString(),
            stoppedAt: s.stoppedAt?.toISOString() ?? null,
          })),
          live: recent.live,
        },
      };
    },
  }),
  accountOperation({
    method: "POST",
    path: "/zavcharge/charging/start",
    operationId: "startCharging",
    summary: "Start charging at a slot of a connected charger, optionally stopping at an energy or money limit. Needs an Idempotency-Key.",
    body: ZStartCharging,
    idempotent: true,
    success: { status: 200, schema: ZStarted, description: "The charger accepted: charging begins in a few seconds" },
    refusals: [403, 409, 422],
    async handle({ driver, body, now }) {
      const started = await startRemoteCharging(
        {
          accountId: driver.id,
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
  accountOperation({
    method: "POST",
    path: "/zavcharge/charging/stop",
    operationId: "stopCharging",
    summary: "Stop your session running on a charger",
    body: z.object({ sessionId: z.number().int().positive() }).meta({ id: "StopCharging" }),
    success: { status: 200, schema: ZStopped, description: "The charger is stopping: the receipt follows" },
    refusals: [409],
    async handle({ driver, body }) {
      const stopped = await stopRemoteCharging(driver.id, body.sessionId);
      return stopped.ok ? { status: 200, body: { status: stopped.status } } : stopped;
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/ledger",
    operationId: "listWalletLedger",
    summary: "Your wallet's movements, newest first, a page at a time, with the balance after each (kobo)",
    query: ZPageQuery,
    success: { status: 200, schema: ZLedgerPage, description: "A page of the ledger" },
    refusals: [],
    async handle({ driver, query }) {
      return keysetAnswer(
        query,
        (after, limit) => listWalletEntriesBefore(driver.id, after, limit),
        (e) => e.id,
        (e) => ({ ...e, createdAt: e.createdAt.toISOString() }),
      );
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/sessions",
    operationId: "listChargingSessions",
    summary: "Your charging sessions, newest first, a page at a time",
    query: ZPageQuery,
    success: { status: 200, schema: ZSessionPage, description: "A page of sessions" },
    refusals: [],
    async handle({ driver, query }) {
      return keysetAnswer(
        query,
        (after, limit) => listAccountSessionsAfter(driver.id, after, limit),
        (s) => s.id,
        sessionView,
      );
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/sessions/{id}",
    operationId: "getChargingSession",
    summary: "One of your charging sessions",
    success: { status: 200, schema: ZChargingSession, description: "The session" },
    refusals: [],
    async handle({ driver, params }) {
      const id = parseAddressId(params.id);
      const session = id === null ? null : await findAccountSession(driver.id, id);
      return session ? { status: 200, body: sessionView(session) } : refuse("not_found", "You have no charging session with that number.");
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/statement",
    operationId: "getStatement",
    summary: "Your statement: every session (Lagos dates) with the amount spent and the balance, as /zavcharge/history shows it",
    success: { status: 200, schema: ZStatement, description: "The statement" },
    refusals: [],
    async handle({ driver, now }) {
      return statementAnswer(driver.id, now);
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/statement.pdf",
    operationId: "getStatementPdf",
    summary: "Your statement as the PDF /zavcharge/history offers (a download, not JSON)",
    success: pdfDownload("The statement, a PDF"),
    refusals: [],
    async handle({ driver, now }) {
      const statement = await getStatement(driver.id, now);
      if (!statement) return noAccount();
      return pdfAnswer(await renderStatementPdf(statement), statementFileNameFor(statement, "pdf"));
    },
  }),
  accountOperation({
    method: "GET",
    path: "/zavcharge/statements/{month}",
    operationId: "getMonthlyStatement",
    summary: "Your statement for one Lagos month (2026-11): its sessions and the amount spent on them, and the balance now",
    success: { status: 200, schema: ZStatement, description: "The month's statement" },
    refusals: [],
    async handle({ driver, params, now }) {
      const month = params.month ?? "";
      if (!MONTH.test(month)) return refuse("invalid_input", "Name the month as YYYY-MM, like 2026-11", { field: "month" });
      return statementAnswer(driver.id, now, month);
    },
  }),
];
