import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { createRPCError, RPCServer } from "ocpp-rpc";
import { ZodError } from "zod";
import { peerAddress } from "../../../http/client-ip";
import { log } from "../../../log";
import { applyMaintenanceAvailability } from "../apply-maintenance-availability";
import { CHARGE_POINT_ID_PATTERN } from "@domain/zavcharge/chargers/charger-input";
import { authenticateCharger } from "../authenticate-charger";
import { authorizeIdTag } from "../authorize-id-tag";
import { bootCharger } from "../boot-charger";
import { CHARGER_CALL_TIMEOUT_MS } from "@domain/zavcharge/chargers/charger";
import { processChargerRegistry, registerChargerConnection, type TChargerRegistry } from "../charger-gateway";
import { ocppCommands, type TChargerConnection, type TCommandResult } from "../charger-call";
import { createChargerMessageLog, type TChargerMessage } from "../log-charger-message";
import { markChargerConnected } from "../mark-charger-connected";
import { markChargerOffline, sweepSilentChargers } from "../mark-charger-offline";
import { pruneChargerMessages } from "../prune-charger-messages";
import {
  forgetChargerConnection,
  forgetInstanceConnections,
  forgetSilentConnections,
  recordChargerConnection,
} from "../record-charger-connection";
import { serveChargerCommands } from "../serve-charger-commands";
import { pruneChargerCommands, settleChargerCommands } from "../settle-charger-commands";
import { recordConnectorStatus } from "../record-connector-status";
import { recordHeartbeat, touchCharger } from "../record-heartbeat";
import { recordMeterValues } from "../record-meter-values";
import { createAuthFailureLimit } from "./auth-failure-limit";
import { startChargerTransaction } from "../start-charger-transaction";
import { stopChargerTransaction } from "../stop-charger-transaction";
import { countOcppCall } from "../../../metrics/registry";

// OCPP 1.6J's actions, both ways: what the metrics may name (a charger could send any word; those count as "other").
const OCPP_ACTIONS: ReadonlySet<string> = new Set([
  "Authorize",
  "BootNotification",
  "CancelReservation",
  "ChangeAvailability",
  "ChangeConfiguration",
  "ClearCache",
  "ClearChargingProfile",
  "DataTransfer",
  "DiagnosticsStatusNotification",
  "FirmwareStatusNotification",
  "GetCompositeSchedule",
  "GetConfiguration",
  "GetDiagnostics",
  "GetLocalListVersion",
  "Heartbeat",
  "MeterValues",
  "RemoteStartTransaction",
  "RemoteStopTransaction",
  "ReserveNow",
  "Reset",
  "SendLocalList",
  "SetChargingProfile",
  "StartTransaction",
  "StatusNotification",
  "StopTransaction",
  "TriggerMessage",
  "UnlockConnector",
  "UpdateFirmware",
]);

// The OCPP 1.6J central system (docs/product/zavcharge.md#chargers, docs/decisions/0015-ocpp-central-system.md):
// chargers connect to ws(s)://<host>/ocpp/<chargePointId> with the subprotocol "ocpp1.6" and HTTP Basic auth.
// ocpp-rpc checks every message against the OCPP 1.6 JSON schemas (strict mode: a malformed one is answered
// with a CALLERROR and never reaches us; an action we do not handle is answered NotImplemented). Each handler
// calls one protocol-neutral use case with the charger id from the authenticated connection, never from the
// message. Every message in and out goes to the charger's message log (written behind, in batches, in order).
// Each connection is recorded in charger_connections under this instance, so a command asked on any instance
// reaches the charger (serve-charger-commands.ts, docs/decisions/0036-charger-commands-across-instances.md).

export const OCPP_PATH_PREFIX = "/ocpp/";
const ENDPOINT = "/ocpp";

export type TOcppServerOptions = {
  /** How often the watchdog, maintenance windows and log pruning run (ms); 30 s by default. 0: never (tests). */
  upkeepMs?: number;
  /** Websocket pings (ms), to find dead sockets early. */
  pingIntervalMs?: number;
  /** How long a call to a charger waits for its answer (ms). */
  callTimeoutMs?: number;
  /** Refused sign-ins per address in 15 minutes before the address is turned away (429); 20 by default. */
  authFailuresPerAddress?: number;
  /**
   * Connections being set up at once (from the upgrade until the connection is recorded and the charger online); one
   * more is answered 503 at once and the charger retries after its back-off. 256 by default. Without a cap, thousands
   * of chargers reconnecting together (an instance died) queue thousands of writes on the pool, and the instance's own
   * /ready answers too late for the balancer, which then takes out the very instance they are moving to.
   */
  maxHandshakes?: number;
  /** Who a charge point id and password are; authenticateCharger (one scrypt verification each) unless a bench swaps it. */
  authenticate?: typeof authenticateCharger;
  /**
   * Where this server's connections are registered, and the instance they are recorded under: the process's own
   * unless a test stands a second server in for another instance.
   */
  registry?: TChargerRegistry;
};

export type TOcppServer = {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Runs the watchdog, maintenance availability and log pruning once (the timer does it periodically). */
  upkeep(now?: Date): Promise<void>;
  /** Resolves when every message so far is in the log (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
};

type TRpcClient = {
  identity: string;
  handshake: { request: IncomingMessage };
  session: Record<string, unknown>;
  handle(method: string, handler: (a: { params: Record<string, unknown>; messageId?: string }) => Promise<unknown>): void;
  call(method: string, params?: unknown, options?: Record<string, unknown>): Promise<unknown>;
  close(options?: Record<string, unknown>): Promise<unknown>;
  on(event: string, listener: (...args: never[]) => void): unknown;
  once(event: string, listener: (...args: never[]) => void): unknown;
};
type TFrame = [number, string, ...unknown[]];

/** Our errors are not the charger's business: a payload our rules refuse is a constraint violation, the rest internal. */
function asRpcError(err: unknown, action: string): unknown {
  if (err && typeof err === "object" && "rpcErrorCode" in err) return err;
  if (err instanceof ZodError) return createRPCError("PropertyConstraintViolation", `Invalid ${action} payload`, {});
  log.error({ err, action }, "ocpp: handler failed");
  return createRPCError("InternalError", "The central system could not process this message", {});
}

/** A Sec-WebSocket-Protocol header as RFC 6455 allows it: comma-separated tokens, none empty, none twice. */
export function isSubprotocolList(header: string): boolean {
  const names = header.split(",").map((p) => p.trim());
  return names.every((p) => /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(p)) && new Set(names).size === names.length;
}

export function createOcppServer(options: TOcppServerOptions = {}): TOcppServer {
  const rpc = new RPCServer({
    protocols: ["ocpp1.6"],
    strictMode: true,
    pingIntervalMs: options.pingIntervalMs ?? 30_000,
    callTimeoutMs: options.callTimeoutMs ?? CHARGER_CALL_TIMEOUT_MS,
  });
  const registry = options.registry ?? processChargerRegistry();
  const pending = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  // One write-behind log for all connections: at thousands of chargers, one insert per message was most of the database work.
  const messageLog = createChargerMessageLog();

  const failures = createAuthFailureLimit(options.authFailuresPerAddress ?? 20);

  // Admission (maxHandshakes): each handshake holds a place until its connection is online, or until its socket closes.
  const maxHandshakes = options.maxHandshakes ?? 256;
  let admitting = 0;
  const admissions = new WeakMap<IncomingMessage, () => void>();
  const admit = (req: IncomingMessage, socket: Duplex): boolean => {
    if (admitting >= maxHandshakes) return false;
    admitting++;
    let held = true;
    const release = () => {
      if (held) admitting--;
      held = false;
    };
    admissions.set(req, release);
    socket.once("close", release);
    return true;
  };
  rpc.auth((accept, reject, handshake) => {
    if (handshake.endpoint !== ENDPOINT) return reject(404, "Not Found");
    if (!handshake.protocols.has("ocpp1.6")) return reject(400, "Subprotocol ocpp1.6 required");
    const address = peerAddress(handshake.request);
    if (failures.blocked(address)) return reject(429, "Too Many Requests");
    // No registered charger has such an id (a NUL, a space, 200 characters...): unknown, and never sent to the database.
    if (!CHARGE_POINT_ID_PATTERN.test(handshake.identity)) {
      failures.failed(address);
      return reject(401, "Unauthorized");
    }
    (options.authenticate ?? authenticateCharger)(handshake.identity, handshake.password).then(
      (charger) => {
        if (charger) return accept({ chargerId: charger.chargerId, stationId: charger.stationId }, "ocpp1.6");
        failures.failed(address);
        log.warn({ address, chargePointId: handshake.identity.slice(0, 64) }, "ocpp: charger sign-in refused");
        reject(401, "Unauthorized");
      },
      (err) => {
        log.error({ err }, "ocpp: authentication failed");
        reject(500, "Internal Server Error");
      },
    );
  });
  rpc.on("error", (err: unknown) => log.warn({ err }, "ocpp: server error"));

  rpc.on("client", (raw: unknown) => {
    const client = raw as TRpcClient;
    const chargerId = Number(client.session.chargerId);
    const admitted = admissions.get(client.handshake.request);
    let lastTouch = Date.now();
    const actions = new Map<string, string>();

    // The log, in order: calls in both directions and their answers (results and CALLERRORs), written in batches.
    const record = (m: Omit<TChargerMessage, "chargerId">) => track(messageLog.add({ chargerId, ...m }));
    client.on("call", (({ outbound, payload }: { outbound: boolean; payload: TFrame }) => {
      const [, messageId, action, params] = payload;
      actions.set(`${outbound ? "out" : "in"}:${messageId}`, String(action));
      countOcppCall(outbound ? "out" : "in", OCPP_ACTIONS.has(String(action)) ? String(action) : "other");
      record({ direction: outbound ? "out" : "in", action: String(action), messageId, payload: params });
      if (!outbound && Date.now() - lastTouch > 30_000) {
        lastTouch = Date.now();
        track(touchCharger(chargerId).catch(() => undefined));
      }
    }) as never);
    client.on("response", (({ outbound, payload }: { outbound: boolean; payload: TFrame }) => {
      const [type, messageId] = payload;
      // Our answer to their call ("in:" id), or their answer to ours ("out:" id).
      const key = `${outbound ? "in" : "out"}:${messageId}`;
      const action = actions.get(key) ?? "unknown";
      actions.delete(key);
      const isError = type === 4;
      record({
        direction: outbound ? "out" : "in",
        action,
        messageId,
        payload: isError ? { description: payload[3], details: payload[4] } : payload[2],
        errorCode: isError ? String(payload[2]) : null,
      });
    }) as never);
    client.on("badMessage", (({ buffer, response }: { buffer: Buffer; response: TFrame | null }) => {
      record({
        direction: "in",
        action: "badMessage",
        payload: { raw: String(buffer).slice(0, 1000) },
        errorCode: response ? String(response[2]) : "BadMessage",
      });
    }) as never);

    const call = async (method: string, params: Record<string, unknown>): Promise<TCommandResult> => {
      try {
        const result = (await client.call(method, params)) as { status?: string };
        return { ok: true, status: String(result?.status ?? "Accepted") };
      } catch (err) {
        log.warn({ err, chargerId, method }, "ocpp: call to charger failed");
        return { ok: false, reason: "failed", message: `The charger did not accept ${method}.` };
      }
    };
    const connection: TChargerConnection = {
      protocol: "ocpp",
      ...ocppCommands(call),
      close: async () => void (await client.close({ code: 1000, reason: "Replaced or silent" })),
    };
    const unregister = registerChargerConnection(chargerId, connection, registry);
    // Recorded under this instance with the next epoch, then online; commands from other instances find it from then.
    let epoch: number | null = null;
    const online = recordChargerConnection(chargerId, registry.instanceId)
      .then(
        (e) => void (epoch = e),
        (err: unknown) => log.error({ err, chargerId }, "ocpp: could not record the connection"),
      )
      .then(() => markChargerConnected(chargerId))
      .catch((err) => log.error({ err, chargerId }, "ocpp: could not mark online"))
      .finally(() => admitted?.());
    track(online);

    client.once("close", (() => {
      // A newer connection of this charger here replaced this one: it owns the row and the charger stays online.
      if (!unregister()) return;
      track(
        online
          .then(async () => {
            // Only while the row is still this connection's: a charger already back on another instance stays online.
            const current = epoch === null ? true : await forgetChargerConnection(chargerId, registry.instanceId, epoch);
            if (current) await markChargerOffline(chargerId);
          })
          .catch((err) => log.error({ err, chargerId }, "ocpp: could not mark offline")),
      );
    }) as never);

    const handle = <T>(action: string, fn: (params: never) => Promise<T>) =>
      client.handle(action, async ({ params }) => {
        try {
          await online;
          return await fn(params as never);
        } catch (err) {
          throw asRpcError(err, action);
        }
      });

    handle("BootNotification", async (p) => {
      const answer = await bootCharger(chargerId, p);
      if (answer.status === "Accepted")
        setTimeout(
          () =>
            track(
              applyMaintenanceAvailability(new Date(), [chargerId]).then(
                () => undefined,
                () => undefined,
              ),
            ),
          0,
        );
      return answer;
    });
    handle("Heartbeat", () => recordHeartbeat(chargerId));
    handle("StatusNotification", async (p) => {
      await recordConnectorStatus(chargerId, p);
      return {};
    });
    handle("Authorize", (p: { idTag: string }) => authorizeIdTag(p.idTag));
    handle("StartTransaction", (p) => startChargerTransaction(chargerId, p));
    handle("MeterValues", async (p) => {
      const answer = await recordMeterValues(chargerId, p);
      // Prepaid auto-stop: the limit was reached for the first time; ask the charger to stop, once, after this answer.
      if (answer.stopFor && answer.sessionId !== null) {
        const sessionId = answer.sessionId;
        setTimeout(() => track(connection.remoteStop(sessionId).then(() => undefined)), 0);
      }
      return {};
    });
    handle("StopTransaction", async (p) => {
      const answer = await stopChargerTransaction(chargerId, p);
      return answer.idTagInfo ? { idTagInfo: answer.idTagInfo } : {};
    });
    // No vendor extensions yet: answered, never a crash.
    handle("DataTransfer", async () => ({ status: "UnknownVendorId" }));
    handle("FirmwareStatusNotification", async () => ({}));
    handle("DiagnosticsStatusNotification", async () => ({}));
  });

  // Commands routed to this instance by the others; and those left unanswered by an instance that went away.
  const serving = serveChargerCommands(registry).catch((err: unknown) => {
    log.error({ err }, "ocpp: could not listen for commands from other instances");
    return null;
  });
  track(
    settleChargerCommands().then(
      () => undefined,
      (err: unknown) => log.warn({ err }, "ocpp: could not settle commands"),
    ),
  );

  let lastPrune = 0;
  const upkeep = async (now = new Date()) => {
    try {
      const silent = await sweepSilentChargers(now);
      // Their rows go too: an instance that died holding them cannot take them away.
      await forgetSilentConnections(silent, now);
      for (const id of silent) {
        log.warn({ chargerId: id }, "ocpp: charger silent for two heartbeat intervals, marked offline");
        await registry.connections.get(id)?.close();
      }
      await settleChargerCommands();
      await applyMaintenanceAvailability(now);
      if (now.getTime() - lastPrune > 3_600_000) {
        lastPrune = now.getTime();
        await pruneChargerMessages(now);
        await pruneChargerCommands(now);
      }
    } catch (err) {
      log.error({ err }, "ocpp: upkeep failed");
    }
  };
  const upkeepMs = options.upkeepMs ?? 30_000;
  let upkeepRun: Promise<void> | null = null;
  const timer =
    upkeepMs > 0
      ? setInterval(() => {
          upkeepRun ??= upkeep().finally(() => (upkeepRun = null));
        }, upkeepMs)
      : null;
  timer?.unref();

  return {
    handleUpgrade(req, socket, head) {
      socket.on("error", () => socket.destroy());
      // ocpp-rpc decodes the id outside its own error handling: a malformed one must not become an unhandled rejection.
      // Nor does it catch a Sec-WebSocket-Protocol list that does not parse (empty, a duplicate): it would answer 500.
      const protocols = req.headers["sec-websocket-protocol"];
      try {
        decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
        if (protocols !== undefined && !isSubprotocolList(protocols)) throw new Error("bad subprotocol list");
      } catch {
        return void socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      }
      if (!admit(req, socket))
        return void socket.end("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      rpc.handleUpgrade(req, socket as never, head).catch((err: unknown) => {
        log.warn({ err }, "ocpp: upgrade failed");
        socket.destroy();
      });
    },
    upkeep,
    async settled() {
      await messageLog.flush();
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      if (timer) clearInterval(timer);
      await upkeepRun;
      await (
        await serving
      )?.();
      await rpc.close({ code: 1012, reason: "Service restart", force: false });
      while (pending.size > 0) await Promise.allSettled([...pending]);
      // Whatever a close left behind: no command is routed to this instance once it is gone.
      await forgetInstanceConnections(registry.instanceId).catch((err) => log.warn({ err }, "ocpp: could not forget connections"));
    },
  };
}
