import { z } from "zod";
import { API_PLATFORMS } from "@domain/gateway/api-input";
import { CAPABILITIES, ROLES } from "@domain/access/roles";

// What the gateway answers (docs/product/api-gateway.md), as zod schemas: the OpenAPI document is built from them and
// the contract tests check every answer against them.

/** The gateway's error codes: the site's error contract (domain/errors/app-error.ts) and the HTTP layer's own. */
export const API_ERROR_CODES = [
  "invalid_input",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "provider_failed",
  "unavailable",
  "unsupported_version",
  "unsupported_media_type",
  "payload_too_large",
  "method_not_allowed",
  "idempotency_key_reused",
  "internal",
] as const;
export type TApiErrorCode = (typeof API_ERROR_CODES)[number];

export const ZApiError = z
  .object({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    field: z.string().optional(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    supportedVersions: z.array(z.string()).optional(),
    requestId: z.string(),
  })
  .meta({ id: "Error" });

export const ZApiUser = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    capabilities: z.array(z.enum(CAPABILITIES)),
    image: z.string().nullable(),
    platform: z.enum(API_PLATFORMS),
    lastSync: z.string(),
  })
  .meta({ id: "User" });

export const ZTokenPair = z
  .object({
    token: z.string().describe("The access token: send it as `Authorization: Bearer <token>`."),
    refreshToken: z.string().describe("Exchanged once at /auth/refresh for a new pair."),
    expiresIn: z.number().int().describe("Seconds until the access token expires."),
  })
  .meta({ id: "TokenPair" });

export const ZLoginAnswer = ZTokenPair.extend({ user: ZApiUser, deviceId: z.string() }).meta({ id: "LoginAnswer" });

export const ZSyncAnswer = z
  .object({
    user: ZApiUser,
    changed: z.boolean().describe("Whether the profile changed since the client's lastSync."),
    lastSync: z.string(),
  })
  .meta({ id: "SyncAnswer" });

export const ZDevice = z
  .object({
    id: z.string(),
    clientId: z.string(),
    type: z.enum(API_PLATFORMS),
    name: z.string(),
    lastSeen: z.string(),
    createdAt: z.string(),
    isActive: z.boolean(),
    lastStatus: z.record(z.string(), z.unknown()).nullable().describe("A paired device's last report."),
    lastStatusAt: z.string().nullable(),
  })
  .meta({ id: "Device" });

export const ZDeviceList = z.object({ devices: z.array(ZDevice) }).meta({ id: "DeviceList" });

export const ZSignedOut = z.object({ signedOut: z.literal(true), name: z.string() }).meta({ id: "SignedOut" });

export const ZHealth = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    platform: z.enum(API_PLATFORMS),
    version: z.string(),
    database: z.enum(["up", "down"]),
    time: z.string(),
  })
  .meta({ id: "Health" });

export const ZRegistered = z.object({ registered: z.literal(true), message: z.string() }).meta({ id: "Registered" });

export const ZPairingCode = z
  .object({
    code: z.string().describe("Eight characters, shown as two groups of four; type it into the device's set-up."),
    expiresAt: z.string(),
  })
  .meta({ id: "PairingCode" });

const ZDeviceMqtt = z
  .object({ username: z.string(), statusTopic: z.string(), commandsTopic: z.string() })
  .describe("How the device signs in to the MQTT broker (its credential is the password) and its two topics.");

export const ZPairedDevice = z
  .object({
    deviceId: z.string(),
    name: z.string(),
    credential: z.string().describe("The device's own credential (zdk_…), shown this once: keep it in the device."),
    mqtt: ZDeviceMqtt,
  })
  .meta({ id: "PairedDevice" });

export const ZDeviceSelf = z.object({ deviceId: z.string(), name: z.string(), mqtt: ZDeviceMqtt }).meta({ id: "DeviceSelf" });

export const ZDeviceCommandSent = z.object({ commandId: z.string(), seq: z.number().int() }).meta({ id: "DeviceCommandSent" });

export const ZStatusReported = z.object({ reportedAt: z.string() }).meta({ id: "StatusReported" });

export const ZDeviceCommands = z
  .object({
    items: z.array(
      z.object({
        seq: z.number().int(),
        id: z.string(),
        type: z.string(),
        command: z.string(),
        params: z.record(z.string(), z.unknown()),
        timestamp: z.string(),
      }),
    ),
    lastSeq: z.number().int().describe("Ask again with after=lastSeq."),
  })
  .meta({ id: "DeviceCommands" });
