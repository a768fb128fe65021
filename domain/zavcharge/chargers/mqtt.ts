// The MQTT topics of ZavCharge, in one place (docs/product/zavcharge.md#chargers): chargers (today's Arduino
// devices) publish on their own status topic and read their own commands topic; users' events and
// notifications and the broadcast are published by the server only.

/** Every topic starts with this. */
export const MQTT_ROOT = "zavcharge";
/** A message larger than this (bytes) is dropped before it is parsed. */
export const MQTT_MAX_PAYLOAD_BYTES = 16 * 1024;
/** How long a command to a device waits for its CommandResponse (ms); then it has failed. */
export const MQTT_COMMAND_TIMEOUT_MS = 10_000;
/** Devices keep the connection alive with this keepalive (s) and reconnect after this pause (ms). */
export const MQTT_KEEPALIVE_SECONDS = 60;
export const MQTT_RECONNECT_MS = 5_000;

/**
 * With several instances on one external broker, the server's own subscriptions are shared (MQTT's `$share`, which
 * Mosquitto 2 supports): each device message reaches one instance of the group, not every one.
 */
export const SHARED_SUBSCRIPTION_GROUP = "zavolah";
export const sharedSubscription = (topic: string, group = SHARED_SUBSCRIPTION_GROUP) => `$share/${group}/${topic}`;

export const mqttTopics = {
  /** Device → server: OCPP-shaped calls, command responses, and the device's last will. */
  chargerStatus: (chargePointId: string) => `${MQTT_ROOT}/chargers/${chargePointId}/status`,
  /** Server → device: answers to its calls, and commands. */
  chargerCommands: (chargePointId: string) => `${MQTT_ROOT}/chargers/${chargePointId}/commands`,
  /** What the server subscribes to: every charger's status topic. */
  allChargerStatus: `${MQTT_ROOT}/chargers/+/status`,
  userEvents: (userId: string) => `${MQTT_ROOT}/users/${userId}/events`,
  userNotifications: (userId: string) => `${MQTT_ROOT}/users/${userId}/notifications`,
  broadcast: `${MQTT_ROOT}/broadcast`,
  /** A paired Arduino device → server: its status (docs/product/api-gateway.md#arduino-devices). */
  deviceStatus: (deviceId: string) => `${MQTT_ROOT}/devices/${deviceId}/status`,
  /** Server → a paired Arduino device: its owner's commands. */
  deviceCommands: (deviceId: string) => `${MQTT_ROOT}/devices/${deviceId}/commands`,
  /** What the server subscribes to: every paired device's status topic. */
  allDeviceStatus: `${MQTT_ROOT}/devices/+/status`,
};

/** The paired device a status topic belongs to, or null for any other topic. */
export function deviceIdOfStatusTopic(topic: string): string | null {
  const m = /^zavcharge\/devices\/([0-9a-f-]{36})\/status$/.exec(topic);
  return m ? m[1]! : null;
}

/** The charge point id a status topic belongs to, or null for any other topic. */
export function chargePointIdOfStatusTopic(topic: string): string | null {
  const m = /^zavcharge\/chargers\/([A-Za-z0-9._-]{1,48})\/status$/.exec(topic);
  return m ? m[1]! : null;
}

/** The actions a device may send (OCPP 1.6 names), plus the answer to a command and its last will. */
export const MQTT_DEVICE_CALLS = [
  "BootNotification",
  "Heartbeat",
  "StatusNotification",
  "Authorize",
  "StartTransaction",
  "MeterValues",
  "StopTransaction",
] as const;
export type TMqttDeviceCall = (typeof MQTT_DEVICE_CALLS)[number];
/** The payload of a device's last will (and of a clean goodbye): `{"action":"Offline"}`. */
export const MQTT_OFFLINE_ACTION = "Offline";
export const MQTT_COMMAND_RESPONSE_ACTION = "CommandResponse";
