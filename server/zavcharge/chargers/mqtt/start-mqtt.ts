import { randomBytes } from "node:crypto";
import { connect, MqttClient, type IClientOptions } from "mqtt";
import { sql } from "drizzle-orm";
import { MQTT_KEEPALIVE_SECONDS, MQTT_RECONNECT_MS, mqttTopics, sharedSubscription } from "@domain/zavcharge/chargers/mqtt";
import type { DbHandle } from "../../../db/client";
import { log } from "../../../log";
import { EVENTS_CHANNEL, type TRealtimeEvent } from "../../../realtime/publish";
import type { TChargerRegistry } from "../charger-gateway";
import { createMqttAdapter, type TMqttAdapter } from "./mqtt-adapter";
import { startEmbeddedBroker, type TEmbeddedBroker, type TGatewayAuthority } from "./mqtt-broker";
import { countMqttMessage } from "../../../metrics/registry";

// MQTT for ZavCharge chargers (docs/product/zavcharge.md#chargers, docs/decisions/0016-mqtt-chargers.md): the
// server's client connects to the broker at MQTT_URL when one is configured; otherwise an embedded broker runs
// in this process (devices connect to its port) and the server's client connects to it in-process.

export type TMqttOptions = {
  /** An external broker (mqtt://, mqtts://, ws://); without it the embedded broker runs. */
  url?: string;
  username?: string;
  password?: string;
  /** The embedded broker's port for devices (0: any free port). */
  port: number;
  host?: string;
  commandTimeoutMs?: number;
  authFailuresPerAddress?: number;
  /** Other clients of the embedded broker (power gateways, the app, paired devices), each authenticated by its own context. */
  gateways?: TGatewayAuthority[];
  /**
   * When given, the site's live events are also published on the user and broadcast topics; with an external broker
   * it also carries chargers' answers between instances.
   */
  events?: Pick<DbHandle, "listen" | "db">;
  /** Where MQTT chargers' connections are registered (tests make a second instance's). */
  registry?: TChargerRegistry;
  /**
   * The shared subscription's group on an external broker: the site's instances share one (tests use their own); ""
   * subscribes plainly, for a broker without shared subscriptions (then run one instance only).
   */
  sharedGroup?: string;
};

/** NOTIFY {chargePointId, messageId, status}: a charger's answer to a command, for the instance waiting for it. */
export const MQTT_ANSWERS_CHANNEL = "zavolah_mqtt_answers";

export type TMqttService = {
  /** The embedded broker's device port, or null (external broker, or the port was taken). */
  port: number | null;
  client: MqttClient;
  adapter: TMqttAdapter;
  /**
   * The topic filter the server subscribes with: with an external broker a shared subscription, so that with several
   * instances each device message is handled once, by one of them (docs/operations.md#several-instances).
   */
  subscriptionFor(topic: string): string;
  /** Resolves once the server's client is subscribed to the chargers' status topics. */
  ready: Promise<void>;
  /** Ends the embedded broker's sessions signed in with this user name; with an external broker its own tools do. */
  disconnectUsername(username: string): void;
  close(): Promise<void>;
};

export async function startMqtt(options: TMqttOptions): Promise<TMqttService> {
  const common: IClientOptions = {
    clientId: `zavolah-server-${randomBytes(6).toString("hex")}`,
    keepalive: MQTT_KEEPALIVE_SECONDS,
    reconnectPeriod: MQTT_RECONNECT_MS,
    clean: true,
  };
  let broker: TEmbeddedBroker | null = null;
  let adapter: TMqttAdapter | null = null;
  let client: MqttClient;
  if (options.url) {
    client = connect(options.url, { ...common, username: options.username, password: options.password });
  } else {
    const embedded = await startEmbeddedBroker({
      port: options.port,
      host: options.host,
      authFailuresPerAddress: options.authFailuresPerAddress,
      gateways: options.gateways,
      onDeviceReady: (device, token) => adapter?.deviceReady(device.chargePointId, token),
      onDeviceGone: (device, token) => adapter?.deviceGone(device.chargePointId, token),
    });
    broker = embedded;
    client = new MqttClient(() => embedded.connectInternal(), {
      ...common,
      username: embedded.internalUsername,
      password: embedded.internalPassword,
    });
  }
  // Every message through the server's client, counted by topic family (docs/operations.md#monitoring): publishAsync
  // publishes through publish.
  client.on("message", (topic) => countMqttMessage("in", topic));
  const publish = client.publish.bind(client);
  client.publish = ((topic: string, ...rest: unknown[]) => {
    countMqttMessage("out", topic);
    return (publish as (...args: unknown[]) => MqttClient)(topic, ...rest);
  }) as typeof client.publish;
  const subscriptionFor = (topic: string) =>
    options.url && options.sharedGroup !== "" ? sharedSubscription(topic, options.sharedGroup || undefined) : topic;
  const events = options.events;
  adapter = createMqttAdapter(client, {
    presenceFromBroker: broker !== null,
    commandTimeoutMs: options.commandTimeoutMs,
    disconnectDevice: broker ? (token) => broker.disconnect(token) : undefined,
    registry: options.registry,
    relayAnswer:
      options.url && events
        ? (chargePointId, messageId, status) =>
            void events.db
              .execute(sql`select pg_notify(${MQTT_ANSWERS_CHANNEL}, ${JSON.stringify({ chargePointId, messageId, status })})`)
              .catch((err: unknown) => log.warn({ err, chargePointId }, "mqtt: could not pass a charger's answer on"))
        : undefined,
  });

  let closing = false;
  // Subscribed on every (re)connect: the session is clean.
  const subscribed = new Promise<void>((resolve) => {
    client.on("connect", () => {
      client.subscribe(subscriptionFor(mqttTopics.allChargerStatus), { qos: 1 }, (err) => {
        if (!err) return resolve();
        if (!closing) log.error({ err }, "mqtt: could not subscribe to the chargers' status topics");
      });
    });
  });
  client.on("error", (err) => log.warn({ err: err.message }, "mqtt: client error"));
  client.on("offline", () => {
    // The broker's address without a user or password that MQTT_URL may carry.
    if (!closing) log.warn({ broker: options.url ? new URL(options.url).host : "embedded" }, "mqtt: broker unreachable, retrying");
  });

  // Answers other instances received for commands waiting here. Listened to only now: an await before the "connect"
  // handler above would let the client connect unheard, and never subscribe.
  const unlistenAnswers =
    options.url && events
      ? await events.listen(MQTT_ANSWERS_CHANNEL, (raw) => {
          try {
            const a = JSON.parse(raw) as { chargePointId: string; messageId: string; status: string };
            adapter?.answerFromElsewhere(String(a.chargePointId), String(a.messageId), String(a.status));
          } catch {
            // not ours
          }
        })
      : null;
  // The embedded broker is in this process: wait until the server's client is in and subscribed. An external
  // one may be down at start-up; the client keeps retrying and the site starts anyway.
  if (broker) await subscribed;
  // Users' live events (notifications among them) on their MQTT topics, public ones on the broadcast topic
  // (docs/product/zavcharge.md#chargers): the same events the /ws socket delivers, never retained.
  const unlisten = options.events
    ? await options.events.listen(EVENTS_CHANNEL, (raw) => {
        let event: TRealtimeEvent;
        try {
          event = JSON.parse(raw) as TRealtimeEvent;
        } catch {
          return;
        }
        // A sync event is published whole by the gateway's bridge (server/gateway/mqtt-bridge.ts).
        if (event.type === "sync_event" || event.type === "device_revoked") return;
        const topic =
          event.userId === null
            ? mqttTopics.broadcast
            : event.type === "notification"
              ? mqttTopics.userNotifications(event.userId)
              : mqttTopics.userEvents(event.userId);
        if (client.connected) client.publish(topic, JSON.stringify({ type: event.type, payload: event.payload }), { qos: 0 });
      })
    : null;

  if (options.url || broker?.port != null)
    log.info({ broker: options.url ? "external" : "embedded", devicePort: broker?.port ?? null }, "mqtt: ready for chargers");

  const service: TMqttService = {
    port: broker?.port ?? null,
    client,
    adapter,
    subscriptionFor,
    ready: subscribed,
    disconnectUsername(username) {
      broker?.disconnectUsername(username);
    },
    async close() {
      closing = true;
      await unlisten?.();
      await unlistenAnswers?.();
      adapter?.close();
      // Messages in hand are finished, unless the broker is away (their answers would wait for it).
      await Promise.race([adapter?.settled(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await client.endAsync(true);
      await broker?.close();
    },
  };
  return service;
}
