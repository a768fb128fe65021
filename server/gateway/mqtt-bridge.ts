import type { MqttClient } from "mqtt";
import { deviceIdOfStatusTopic, mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { ZDeviceStatus } from "@domain/gateway/api-input";
import type { DbHandle } from "../db/client";
import { log } from "../log";
import { EVENTS_CHANNEL, type TRealtimeEvent } from "../realtime/publish";
import type { TBrokerGrant, TGatewayAuthority } from "../zavcharge/chargers/mqtt/mqtt-broker";
import { authenticateApiToken } from "./authenticate-api-token";
import { authenticateDevice, findPairedDevice } from "./authenticate-device";
import { DEVICE_REVOKED_EVENT, deviceMqttUsername } from "./device-credentials";
import { recordDeviceStatus } from "./record-device-status";
import { DEVICE_COMMAND_TYPES, findSyncEvent, SYNC_EVENT_TYPE } from "./sync-events";

// The app's people and paired devices on the MQTT broker the chargers use (docs/product/api-gateway.md#mqtt):
// - a person signs in with the user name `user:<their id>` and an access token as password, and may only read their
//   own events and notifications topics and the broadcast; the session ends when the token expires;
// - a paired device signs in with `device:<its id>` and its credential, and may only publish its status and read its
//   commands.
// The bridge puts each person's sync events, whole, on their events topic, and their commands on the device's
// commands topic; a device's status goes to its owner as the HTTP report does.

const USER_PREFIX = "user:";
const DEVICE_PREFIX = "device:";

export const gatewayMqttAuthority: TGatewayAuthority = {
  claims: (username) => username.startsWith(USER_PREFIX) || username.startsWith(DEVICE_PREFIX),
  async authenticate(username, password): Promise<TBrokerGrant | null> {
    if (username.startsWith(DEVICE_PREFIX)) {
      const device = await authenticateDevice(password);
      if (!device || deviceMqttUsername(device.deviceId) !== username) return null;
      return { publish: [mqttTopics.deviceStatus(device.deviceId)], subscribe: [mqttTopics.deviceCommands(device.deviceId)] };
    }
    const caller = await authenticateApiToken(password, "mobile");
    if (!caller || `${USER_PREFIX}${caller.viewer.id}` !== username) return null;
    const id = caller.viewer.id;
    return {
      publish: [],
      subscribe: [mqttTopics.userEvents(id), mqttTopics.userNotifications(id), mqttTopics.broadcast],
      expiresAt: caller.expiresAt,
    };
  },
};

export type TGatewayMqtt = {
  client: MqttClient;
  disconnectUsername(username: string): void;
  /** The shared form of a topic filter with an external broker (start-mqtt.ts). */
  subscriptionFor?(topic: string): string;
};

/** Subscribes the server's client to the paired devices' status topics and bridges sync events; returns the way to stop. */
export async function attachGatewayMqtt(mqtt: TGatewayMqtt, events: Pick<DbHandle, "listen">) {
  const { client } = mqtt;
  const subscribe = () =>
    client.subscribe(mqtt.subscriptionFor?.(mqttTopics.allDeviceStatus) ?? mqttTopics.allDeviceStatus, { qos: 1 }, (err) => {
      if (err) log.error({ err }, "mqtt: could not subscribe to the paired devices' status topics");
    });
  client.on("connect", subscribe);
  if (client.connected) subscribe();
  client.on("message", (topic, payload) => {
    const deviceId = deviceIdOfStatusTopic(topic);
    if (deviceId === null) return;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString("utf8"));
    } catch {
      body = undefined;
    }
    const parsed = ZDeviceStatus.safeParse(body);
    if (!parsed.success) return void log.warn({ deviceId }, "mqtt: a device's status was not a status report; ignored");
    void findPairedDevice(deviceId)
      .then((device) => (device ? recordDeviceStatus(device, parsed.data.status) : undefined))
      .catch((err: unknown) => log.error({ err, deviceId }, "mqtt: a device's status could not be kept"));
  });

  const publish = (topic: string, message: unknown) => {
    if (client.connected) client.publish(topic, JSON.stringify(message), { qos: 1 });
  };
  const unlisten = await events.listen(EVENTS_CHANNEL, (raw) => {
    let event: TRealtimeEvent;
    try {
      event = JSON.parse(raw) as TRealtimeEvent;
    } catch {
      return;
    }
    const userId = event.userId;
    if (userId === null) return;
    if (event.type === DEVICE_REVOKED_EVENT) return mqtt.disconnectUsername(deviceMqttUsername(String(event.payload.deviceId)));
    if (event.type !== SYNC_EVENT_TYPE) return;
    void (async () => {
      const synced = await findSyncEvent(userId, Number(event.payload.seq));
      if (!synced) return;
      const { seq, ...rest } = synced;
      publish(mqttTopics.userEvents(userId), { type: "sync_event", seq, event: rest });
      const data = (rest.data ?? {}) as { deviceId?: unknown; command?: unknown; params?: unknown };
      if (!DEVICE_COMMAND_TYPES.includes(rest.type) || typeof data.deviceId !== "string") return;
      // Only to a device of the person's own, whichever of their devices sent the command.
      const device = await findPairedDevice(data.deviceId);
      if (device?.ownerId !== userId) return;
      publish(mqttTopics.deviceCommands(device.deviceId), {
        seq,
        id: rest.id,
        type: rest.type,
        command: data.command ?? "",
        params: data.params ?? {},
        timestamp: rest.timestamp,
      });
    })().catch((err: unknown) => log.error({ err }, "mqtt: a sync event could not be bridged"));
  });
  return unlisten;
}
