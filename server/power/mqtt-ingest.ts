import type { MqttClient } from "mqtt";
import { installationOfReadingsTopic, installationOfUsername, powerTopics } from "@domain/power/mqtt";
import { log } from "../log";
import type { TBrokerGrant } from "../zavcharge/chargers/mqtt/mqtt-broker";
import { authenticateIngestKey } from "./authenticate-ingest-key";
import { recordReading } from "./record-reading";

// Readings over MQTT (docs/product/power-tracking.md#mqtt). The embedded broker asks `authenticatePowerGateway` who a
// gateway is and lets it publish only on its own readings topic, so the topic names the installation; with an external
// broker (MQTT_URL) its ACL must say the same (the product doc has the Mosquitto lines). A refused reading is answered on
// the gateway's errors topic with the same JSON the HTTP address answers; nothing is stored.

/** A gateway signing in to the embedded broker: its topics, or null (wrong key, or not a power user name). */
export async function authenticatePowerGateway(username: string, password: string, clientId: string): Promise<TBrokerGrant | null> {
  const id = installationOfUsername(username);
  if (id === null || clientId !== username) return null;
  const auth = await authenticateIngestKey(password);
  if (!auth || auth.installationId !== id) return null;
  return { publish: [powerTopics.readings(id)], subscribe: [powerTopics.errors(id)] };
}

export const isPowerUsername = (username: string) => username.startsWith("power:");

/** Subscribes the server's own client to every gateway's readings topic (again on every reconnect). */
/** subscriptionFor: the shared form of a topic filter with an external broker (start-mqtt.ts). */
export function attachPowerMqtt(
  client: MqttClient,
  subscriptionFor: (topic: string) => string = (topic) => topic,
): { settled(): Promise<void> } {
  const subscribe = () =>
    client.subscribe(subscriptionFor(powerTopics.allReadings), { qos: 1 }, (err) => {
      if (err) log.error({ err }, "mqtt: could not subscribe to the power gateways' topics");
    });
  client.on("connect", subscribe);
  if (client.connected) subscribe();
  let chain = Promise.resolve();
  client.on("message", (topic, payload) => {
    const id = installationOfReadingsTopic(topic);
    if (id === null) return;
    // One at a time, in arrival order: a gateway's readings must not overtake each other.
    chain = chain.then(async () => {
      let body: unknown;
      try {
        body = JSON.parse(payload.toString("utf8"));
      } catch {
        body = undefined;
      }
      try {
        const answer = await recordReading(id, body);
        if (!answer.body.ok && client.connected)
          client.publish(powerTopics.errors(id), JSON.stringify({ status: answer.status, ...answer.body }), { qos: 0 });
      } catch (err) {
        log.error({ err, installationId: id }, "mqtt: power reading failed");
      }
    });
  });
  return { settled: () => chain };
}
