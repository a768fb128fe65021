import { z } from "zod";
import { MQTT_COMMAND_RESPONSE_ACTION, MQTT_DEVICE_CALLS, MQTT_OFFLINE_ACTION } from "./mqtt";

// What an MQTT charger publishes on its status topic (docs/product/zavcharge.md#chargers): an envelope around
// an OCPP 1.6 payload. The payload itself is checked by the use case's own schema (charger-input.ts), exactly
// as for an OCPP charger. Server-only: zod.

const messageId = z.string().min(1).max(36);
const payload = z.record(z.string(), z.unknown());

export const ZMqttDeviceMessage = z.discriminatedUnion("action", [
  z.object({ action: z.enum(MQTT_DEVICE_CALLS), messageId, payload: payload.default({}) }),
  z.object({
    action: z.literal(MQTT_COMMAND_RESPONSE_ACTION),
    messageId,
    payload: z.object({ status: z.string().min(1).max(30) }),
  }),
  z.object({ action: z.literal(MQTT_OFFLINE_ACTION), messageId: messageId.optional() }),
]);
export type TMqttDeviceMessage = z.output<typeof ZMqttDeviceMessage>;
