import { z } from "zod";
import { ZDeviceCommand, ZDevicePair, ZDeviceStatus, ZPairingCodeRequest } from "@domain/gateway/api-input";
import { formatPairingCode } from "@domain/gateway/device-pairing";
import { mqttTopics } from "@domain/zavcharge/chargers/mqtt";
import { createPairingCode } from "../../gateway/create-pairing-code";
import { deviceMqttUsername } from "../../gateway/device-credentials";
import { pairDevice } from "../../gateway/pair-device";
import { recordDeviceStatus } from "../../gateway/record-device-status";
import { sendDeviceCommand } from "../../gateway/send-device-command";
import { deviceCommandsSince } from "../../gateway/sync-events";
import { answerOf, deviceOperation, publicOperation, userOperation, type TApiOperation } from "./api-operation";
import { ZDeviceCommands, ZDeviceCommandSent, ZDeviceSelf, ZPairedDevice, ZPairingCode, ZStatusReported } from "./api-responses";

// Arduino devices (docs/product/api-gateway.md#arduino-devices): the owner makes a one-time pairing code, the device
// pairs itself with it and gets a credential of its own, reports its status and reads its owner's commands, over
// HTTP here or on its two MQTT topics.

const ZDeviceCommandsQuery = z.object({
  after: z.coerce.number({ error: "after is the last seq you saw" }).int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

const mqttOf = (deviceId: string) => ({
  username: deviceMqttUsername(deviceId),
  statusTopic: mqttTopics.deviceStatus(deviceId),
  commandsTopic: mqttTopics.deviceCommands(deviceId),
});

export const deviceOperations: TApiOperation[] = [
  userOperation({
    method: "POST",
    path: "/devices/pairing-codes",
    operationId: "createPairingCode",
    summary: "A one-time code (10 minutes) to pair a device with your account",
    tag: "Devices",
    body: ZPairingCodeRequest,
    success: { status: 201, schema: ZPairingCode, description: "The code, shown once" },
    // No example: each one made counts against the three a person may have waiting.
    refusals: [409],
    async handle({ body, caller, now }) {
      const made = await createPairingCode(caller.viewer, caller.viewer.id, body.deviceName, now);
      if (!made.ok) return made;
      return { status: 201, body: { code: formatPairingCode(made.code), expiresAt: made.expiresAt.toISOString() } };
    },
  }),
  publicOperation({
    method: "POST",
    path: "/devices/pair",
    operationId: "pairDevice",
    summary: "A device pairs itself with its owner's code and gets its own credential",
    tag: "Devices",
    body: ZDevicePair,
    success: { status: 201, schema: ZPairedDevice, description: "The device's credential, shown once, and its MQTT topics" },
    refusals: [429],
    async handle({ body, ip, now }) {
      return answerOf(201, await pairDevice(body, ip, now));
    },
  }),
  userOperation({
    method: "POST",
    path: "/devices/{id}/commands",
    operationId: "sendDeviceCommand",
    summary: "Send a command to one of your paired devices",
    tag: "Devices",
    body: ZDeviceCommand,
    success: { status: 201, schema: ZDeviceCommandSent, description: "Sent (the device gets it now, or when it is back)" },
    refusals: [404],
    async handle({ body, params, caller, now }) {
      const sent = await sendDeviceCommand(caller.viewer, params.id!, body, now);
      return sent.ok ? { status: 201, body: { commandId: sent.commandId, seq: sent.seq } } : sent;
    },
  }),
  deviceOperation({
    method: "GET",
    path: "/device",
    operationId: "getPairedDevice",
    summary: "The paired device its credential stands for",
    tag: "Paired device",
    success: { status: 200, schema: ZDeviceSelf, description: "The device" },
    refusals: [],
    async handle({ caller }) {
      return { status: 200, body: { deviceId: caller.deviceId, name: caller.name, mqtt: mqttOf(caller.deviceId) } };
    },
  }),
  deviceOperation({
    method: "POST",
    path: "/device/status",
    operationId: "reportDeviceStatus",
    summary: "The device reports its status to its owner",
    tag: "Paired device",
    body: ZDeviceStatus,
    success: { status: 200, schema: ZStatusReported, description: "Kept, and sent to the owner's open apps and pages" },
    refusals: [],
    async handle({ body, caller, now }) {
      const { reportedAt } = await recordDeviceStatus(caller, body.status, now);
      return { status: 200, body: { reportedAt: reportedAt.toISOString() } };
    },
  }),
  deviceOperation({
    method: "GET",
    path: "/device/commands",
    operationId: "listDeviceCommands",
    summary: "The owner's commands after the last seq the device saw (kept 24 hours), oldest first",
    tag: "Paired device",
    query: ZDeviceCommandsQuery,
    success: { status: 200, schema: ZDeviceCommands, description: "The commands" },
    refusals: [],
    async handle({ query, caller, now }) {
      const { after } = query as z.output<typeof ZDeviceCommandsQuery>;
      const events = await deviceCommandsSince(caller.ownerId, caller.deviceId, after, 50, now);
      const items = events.map((e) => {
        const data = (e.data ?? {}) as { command?: string; params?: Record<string, unknown> };
        return { seq: e.seq, id: e.id, type: e.type, command: data.command ?? "", params: data.params ?? {}, timestamp: e.timestamp };
      });
      return { status: 200, body: { items, lastSeq: items.at(-1)?.seq ?? after } };
    },
  }),
];
