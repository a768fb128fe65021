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
