import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { MqttClient } from "mqtt";
import { ZodError } from "zod";
import {
  chargePointIdOfStatusTopic,
  deviceIdOfStatusTopic,
  MQTT_COMMAND_TIMEOUT_MS,
  MQTT_DEVICE_CALLS,
  MQTT_MAX_PAYLOAD_BYTES,
  mqttTopics,
  type TMqttDeviceCall,
} from "@domain/zavcharge/chargers/mqtt";
import { ZMqttDeviceMessage } from "@domain/zavcharge/chargers/mqtt-input";
import { POWER_TOPIC_ROOT } from "@domain/power/mqtt";
import { getDb } from "../../../db/client";
import { log } from "../../../log";
import { applyMaintenanceAvailability } from "../apply-maintenance-availability";
import { authorizeIdTag } from "../authorize-id-tag";
import { bootCharger } from "../boot-charger";
import { chargerGateway, processChargerRegistry, registerChargerConnection, type TChargerRegistry } from "../charger-gateway";
import { ocppCommands, type TChargerConnection, type TCommandResult } from "../charger-call";
import { logChargerMessage, type TChargerMessage } from "../log-charger-message";
import { markChargerConnected } from "../mark-charger-connected";
import { markChargerOffline } from "../mark-charger-offline";
import { recordConnectorStatus } from "../record-connector-status";
import { recordHeartbeat, touchCharger } from "../record-heartbeat";
import { recordMeterValues } from "../record-meter-values";
import { chargers } from "../schema";
import { startChargerTransaction } from "../start-charger-transaction";
import { stopChargerTransaction } from "../stop-charger-transaction";

// The MQTT adapter (docs/product/zavcharge.md#chargers, docs/decisions/0016-mqtt-chargers.md): the server's
// own MQTT client reads every charger's status topic and calls the same protocol-neutral use cases as the OCPP
// adapter, with the charger found from the topic, never from the message (the broker's ACL lets a device
// publish only on its own topic). Answers and commands go to the charger's commands topic. Each charger's
// messages are handled one at a time, in order. Every message in and out is in the charger's message log; a
// message we cannot use is dropped with a log line, never a crash.

export type TMqttAdapterOptions = {
  /** How long a command waits for the device's CommandResponse (ms). */
  commandTimeoutMs?: number;
  /**
   * True with the embedded broker: it reports sign-ins and disconnects (deviceReady/deviceGone), and a will
   * message only goes to the log. With an external broker a device is online from its first message and
   * offline on its will (or the heartbeat watchdog).
   */
  presenceFromBroker: boolean;
  /** Ends a device's session at the broker (embedded broker only). */
  disconnectDevice?: (token: object) => void;
  /**
   * With a shared subscription a charger's answer to a command may reach another instance than the one waiting for
   * it: this passes it on to the others (start-mqtt.ts, through the database's NOTIFY).
   */
  relayAnswer?: (chargePointId: string, messageId: string, status: string) => void;
  /** Where connections are registered: the process's registry (a test makes a second instance's). */
  registry?: TChargerRegistry;
};

export type TMqttAdapter = {
  deviceReady(chargePointId: string, token: object): void;
  deviceGone(chargePointId: string, token: object): void;
  /** A CommandResponse another instance received: resolves the command if it waits here. */
  answerFromElsewhere(chargePointId: string, messageId: string, status: string): void;
  /** Resolves when every message so far is handled and logged (tests). */
  settled(): Promise<void>;
  close(): void;
};

type TKnownCharger = { chargerId: number; chargePointId: string };
type TLive = TKnownCharger & {
  token: object | null;
  connection: TChargerConnection;
  unregister: () => boolean;
  online: Promise<void>;
  waiting: Map<string, (status: string | null) => void>;
};

const ERROR_ACTION = "Error";

export function createMqttAdapter(client: MqttClient, options: TMqttAdapterOptions): TMqttAdapter {
  const timeoutMs = options.commandTimeoutMs ?? MQTT_COMMAND_TIMEOUT_MS;
  const pending = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  };
  const live = new Map<string, TLive>();
  const chains = new Map<string, Promise<void>>();
  const lastTouch = new Map<number, number>();
  // Online and offline are written in the order they happened, one after the other per charger.
  const presence = new Map<number, Promise<void>>();
  const markPresence = (chargerId: number, online: boolean): Promise<void> => {
    const next = (presence.get(chargerId) ?? Promise.resolve())
      .then(() => (online ? markChargerConnected(chargerId) : markChargerOffline(chargerId)))
      .catch((err: unknown) => log.error({ err, chargerId, online }, "mqtt: could not record the charger's presence"));
    presence.set(chargerId, next);
    void next.then(() => {
      if (presence.get(chargerId) === next) presence.delete(chargerId);
    });
    return track(next);
  };

  /** Runs fn after everything already queued for this charge point. */
  const enqueue = (chargePointId: string, fn: () => Promise<void>) => {
    const next = (chains.get(chargePointId) ?? Promise.resolve()).then(fn).catch((err: unknown) => {
      log.error({ err, chargePointId }, "mqtt: message handling failed");
    });
    chains.set(chargePointId, next);
    void next.then(() => {
      if (chains.get(chargePointId) === next) chains.delete(chargePointId);
    });
    track(next);
  };

  const record = (m: TChargerMessage) => logChargerMessage(m);

  const publish = (chargePointId: string, message: Record<string, unknown>) =>
    client.publishAsync(mqttTopics.chargerCommands(chargePointId), JSON.stringify(message), { qos: 1 }).then(
      () => undefined,
      (err: unknown) => log.warn({ err, chargePointId }, "mqtt: publish to charger failed"),
    );

  async function findCharger(chargePointId: string): Promise<TKnownCharger | null> {
    const known = live.get(chargePointId);
    if (known) return known;
    const [row] = await getDb()
      .select({ id: chargers.id })
      .from(chargers)
      .where(and(eq(chargers.chargePointId, chargePointId), eq(chargers.protocol, "mqtt")));
    return row ? { chargerId: row.id, chargePointId } : null;
  }

  /** Forgets a session: its pending commands fail. */
  function forget(l: TLive) {
    if (live.get(l.chargePointId) === l) live.delete(l.chargePointId);
    for (const resolve of l.waiting.values()) resolve(null);
    l.waiting.clear();
  }

  function goOffline(l: TLive) {
    forget(l);
    if (l.unregister()) void markPresence(l.chargerId, false);
  }

  /** The charger's live connection, registered in the gateway (a new session replaces an older one). */
  function goOnline(charger: TKnownCharger, token: object | null): TLive {
    const previous = live.get(charger.chargePointId);
    if (previous && previous.token === token) return previous;
    // A newer session of the same device: the gateway replaces the old connection (no offline in between).
    if (previous) forget(previous);
    const waiting = new Map<string, (status: string | null) => void>();
    const command = async (action: string, payload: Record<string, unknown>): Promise<TCommandResult> => {
      const messageId = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<string | null>((resolve) => {
        waiting.set(messageId, resolve);
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      void record({ chargerId: charger.chargerId, direction: "out", action, messageId, payload });
      // Not awaited: with the broker away the publish waits for it, while the command's time runs out.
      void publish(charger.chargePointId, { action, messageId, payload });
      const status = await answered;
      clearTimeout(timer);
      waiting.delete(messageId);
      if (status) return { ok: true, status };
      log.warn({ chargerId: charger.chargerId, action }, "mqtt: command not answered");
      return { ok: false, reason: "failed", message: `The charger did not answer ${action}.` };
    };
    const connection: TChargerConnection = {
      protocol: "mqtt",
      ...ocppCommands(command),
      close: async () => {
        const l = live.get(charger.chargePointId);
        if (l?.connection !== connection) return;
        if (l.token && options.disconnectDevice) options.disconnectDevice(l.token);
        goOffline(l);
      },
    };
    const l: TLive = { ...charger, token, connection, waiting, unregister: () => false, online: Promise.resolve() };
    live.set(charger.chargePointId, l);
    l.unregister = registerChargerConnection(charger.chargerId, connection, options.registry ?? processChargerRegistry());
    l.online = markPresence(charger.chargerId, true);
    return l;
  }

  async function answerCall(
    chargerId: number,
    action: TMqttDeviceCall,
    payload: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    switch (action) {
      case "BootNotification": {
        const answer = await bootCharger(chargerId, payload as never);
        if (answer.status === "Accepted") setTimeout(() => void track(applyMaintenanceAvailability().catch(() => undefined)), 0);
        return answer;
      }
      case "Heartbeat":
        return recordHeartbeat(chargerId);
      case "StatusNotification":
        await recordConnectorStatus(chargerId, payload as never);
        return {};
      case "Authorize":
        return authorizeIdTag(String(payload.idTag ?? ""));
      case "StartTransaction":
        return startChargerTransaction(chargerId, payload as never);
      case "MeterValues": {
        const answer = await recordMeterValues(chargerId, payload as never);
        // Prepaid auto-stop (docs/product/zavcharge.md#chargers): the limit was just reached; ask once.
        if (answer.stopFor && answer.sessionId !== null) {
          const sessionId = answer.sessionId;
          setTimeout(() => void track(chargerGateway.remoteStop(sessionId)), 0);
        }
        return {};
      }
      case "StopTransaction": {
        const answer = await stopChargerTransaction(chargerId, payload as never);
        return answer.idTagInfo ? { idTagInfo: answer.idTagInfo } : {};
      }
    }
  }

  async function handleMessage(chargePointId: string, buffer: Buffer): Promise<void> {
    const charger = await findCharger(chargePointId);
    if (!charger) {
      log.warn({ chargePointId }, "mqtt: message from an unknown charger dropped");
      return;
    }
    const { chargerId } = charger;
    const drop = async (errorCode: string, payload: unknown, action = "badMessage", messageId?: string) => {
      log.warn({ chargerId, errorCode, action }, "mqtt: message dropped");
      await record({ chargerId, direction: "in", action, messageId, payload, errorCode });
      if (messageId) {
        const error = { action: ERROR_ACTION, messageId, payload: { errorCode } };
        await record({ chargerId, direction: "out", action, messageId, payload: error.payload, errorCode });
        await publish(chargePointId, error);
      }
    };
    if (buffer.length > MQTT_MAX_PAYLOAD_BYTES) return drop("PayloadTooLarge", { bytes: buffer.length });
    let json: unknown;
    try {
      json = JSON.parse(buffer.toString("utf8"));
    } catch {
      return drop("FormationViolation", { raw: buffer.toString("utf8").slice(0, 1000) });
    }
    const parsed = ZMqttDeviceMessage.safeParse(json);
    if (!parsed.success) {
      const o = (json && typeof json === "object" ? json : {}) as { action?: unknown; messageId?: unknown };
      if (typeof o.action !== "string") return drop("FormationViolation", json);
      const action = o.action.slice(0, 64);
      const messageId = typeof o.messageId === "string" && o.messageId.length <= 36 ? o.messageId : undefined;
      const known = (MQTT_DEVICE_CALLS as readonly string[]).includes(action) || action === "CommandResponse";
      return drop(known ? "FormationViolation" : "NotImplemented", json, action, messageId);
    }
    const message = parsed.data;

    if (message.action === "Offline") {
      await record({ chargerId, direction: "in", action: "Offline", messageId: message.messageId, payload: {} });
      const l = live.get(chargePointId);
      if (!options.presenceFromBroker && l) goOffline(l);
      return;
    }
    if (message.action === "CommandResponse") {
      await record({ chargerId, direction: "in", action: "CommandResponse", messageId: message.messageId, payload: message.payload });
      const resolve = live.get(chargePointId)?.waiting.get(message.messageId);
      if (resolve) resolve(message.payload.status);
      else if (options.relayAnswer) options.relayAnswer(chargePointId, message.messageId, message.payload.status);
      else log.warn({ chargerId, messageId: message.messageId }, "mqtt: answer to no pending command");
      return;
    }

    // With an external broker a device is online from its first call. The embedded broker reports sessions
    // itself: a late message from a session that already ended is still answered, but brings nothing online.
    const l = live.get(chargePointId) ?? (options.presenceFromBroker ? null : goOnline(charger, null));
    await record({ chargerId, direction: "in", action: message.action, messageId: message.messageId, payload: message.payload });
    if (message.action !== "Heartbeat" && Date.now() - (lastTouch.get(chargerId) ?? 0) > 30_000) {
      lastTouch.set(chargerId, Date.now());
      await touchCharger(chargerId).catch(() => undefined);
    }
    let answer: Record<string, unknown>;
    try {
      await l?.online;
      answer = await answerCall(chargerId, message.action, message.payload);
    } catch (err) {
      if (err instanceof ZodError) return drop("PropertyConstraintViolation", null, message.action, message.messageId);
      log.error({ err, chargerId, action: message.action }, "mqtt: handler failed");
      return drop("InternalError", null, message.action, message.messageId);
    }
    await record({ chargerId, direction: "out", action: message.action, messageId: message.messageId, payload: answer });
    await publish(chargePointId, { action: "Response", messageId: message.messageId, payload: answer });
  }

  const onMessage = (topic: string, payload: Buffer) => {
    const chargePointId = chargePointIdOfStatusTopic(topic);
    if (!chargePointId) {
      // Power gateways' readings and paired devices' status share the client; server/power/mqtt-ingest.ts and
      // server/gateway/mqtt-bridge.ts handle them.
      if (!topic.startsWith(`${POWER_TOPIC_ROOT}/`) && deviceIdOfStatusTopic(topic) === null)
        log.warn({ topic: topic.slice(0, 200) }, "mqtt: message on an unexpected topic dropped");
      return;
    }
    enqueue(chargePointId, () => handleMessage(chargePointId, payload));
  };
  client.on("message", onMessage);

  return {
    deviceReady(chargePointId, token) {
      enqueue(chargePointId, async () => {
        const charger = await findCharger(chargePointId);
        if (charger) goOnline(charger, token);
      });
    },
    answerFromElsewhere(chargePointId, messageId, status) {
      live.get(chargePointId)?.waiting.get(messageId)?.(status);
    },
    deviceGone(chargePointId, token) {
      enqueue(chargePointId, async () => {
        const l = live.get(chargePointId);
        if (l && l.token === token) goOffline(l);
      });
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      client.off("message", onMessage);
      for (const l of [...live.values()]) goOffline(l);
    },
  };
}
