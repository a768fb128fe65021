import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import type { ZDeviceCommand } from "@domain/gateway/api-input";
import { findPairedDevice } from "./authenticate-device";
import { recordSyncEvent } from "./sync-events";

/**
 * A person sends a command to their paired device (docs/product/api-gateway.md#arduino-devices). It is a high-priority
 * sync event for the device, kept 24 hours like the others: the device gets it at once on its MQTT commands topic, or
 * asks for it over HTTP (`GET /device/commands`) when it comes back. Another person's device is not found.
 */
export async function sendDeviceCommand(
  viewer: TViewer,
  deviceId: string,
  input: z.output<typeof ZDeviceCommand>,
  now = new Date(),
): Promise<TResult<{ commandId: string; seq: number }>> {
  const device = await findPairedDevice(deviceId);
  if (!device || device.ownerId !== viewer.id) return refuse("not_found", "That device is not paired with your account.");
  const commandId = randomUUID();
  const { seq } = await recordSyncEvent(viewer.id, {
    id: commandId,
    type: input.command === "status_request" ? "arduino_status_request" : "arduino_command",
    timestamp: now.toISOString(),
    data: { deviceId, command: input.command, params: input.params ?? {} },
    source: "server",
    targetPlatforms: ["arduino"],
    priority: "high",
  });
  return succeed({ commandId, seq });
}
