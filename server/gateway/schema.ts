import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { at, atNow } from "../db/columns";
import { belongsToUser } from "../auth/schema";

// The gateway's devices and tokens (docs/product/api-gateway.md#tokens): a person's phone, browser or Arduino signed
// in through /api/v1, each with a family of rotating refresh tokens and short-lived access tokens. Only hashes of
// tokens are kept.

/** A device a person signed in from through the API, named by the client's own id for it. */
export const apiDevices = pgTable(
  "api_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: belongsToUser("user_id"),
    /** The client's id for the device (deviceInfo.id). */
    clientId: text("client_id").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    /** What the client said it was on its last request (X-Platform). */
    platform: text("platform").notNull(),
    createdAt: atNow("created_at"),
    lastSeenAt: atNow("last_seen_at"),
    /** When its owner (or the reuse of a refresh token) signed it out; it signs in again as itself. */
    signedOutAt: at("signed_out_at"),
  },
  (t) => [
    check("api_devices_type_check", sql`${t.type} in ('web', 'mobile', 'arduino')`),
    check("api_devices_platform_check", sql`${t.platform} in ('web', 'mobile', 'arduino')`),
    unique("api_devices_client_unique").on(t.userId, t.clientId),
  ],
);

/** One sign-in of a device: its refresh tokens rotate within it, and revoking it ends them all. */
export const apiTokenFamilies = pgTable(
  "api_token_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deviceId: uuid("device_id")
      .notNull()
      .references(() => apiDevices.id, { onDelete: "cascade" }),
    userId: belongsToUser("user_id"),
    createdAt: atNow("created_at"),
    revokedAt: at("revoked_at"),
    /** Why: signed_out, signed_in_again, device_removed, refresh_reused. */
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("api_token_families_device_idx").on(t.deviceId)],
);

/**
 * A refresh token, by the SHA-256 of its text. Used once: its refresh writes `rotatedAt` and the successor's hash; a
 * retry within the grace window gets the same successor, a later one revokes the family (RFC 9700 4.14.2).
 */
export const apiRefreshTokens = pgTable("api_refresh_tokens", {
  hash: text("hash").primaryKey(),
  familyId: uuid("family_id")
    .notNull()
    .references(() => apiTokenFamilies.id, { onDelete: "cascade" }),
  createdAt: atNow("created_at"),
  expiresAt: at("expires_at").notNull(),
  rotatedAt: at("rotated_at"),
  successorHash: text("successor_hash"),
});

/** A short-lived access token, by the SHA-256 of its text. */
export const apiAccessTokens = pgTable(
  "api_access_tokens",
  {
    hash: text("hash").primaryKey(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => apiTokenFamilies.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("api_access_tokens_family_idx").on(t.familyId)],
);

/**
 * An `Idempotency-Key` a person sent with a request that moves money (docs/product/api-gateway.md#idempotency-keys):
 * the request's hash and, once answered, the answer, replayed to a retry with the same key and body for 24 hours.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    userId: belongsToUser("user_id"),
    key: text("key").notNull(),
    /** The operation and the SHA-256 of its body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    createdAt: atNow("created_at"),
    /** Null while the first request is being answered. */
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("api_idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * A sync event one of a person's devices sent (docs/product/api-gateway.md#sync-events), kept 24
 * hours so a device that was offline gets what it missed: `seq` is the order the server received them in, and what a
 * device says it saw last. The client's id is unique per person, so a resent event is kept once.
 */
export const apiSyncEvents = pgTable(
  "api_sync_events",
  {
    seq: bigint("seq", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** The client's timestamp, as it sent it (ISO text or milliseconds). */
    timestamp: text("timestamp").notNull(),
    data: jsonb("data"),
    source: text("source"),
    targetPlatforms: jsonb("target_platforms").$type<string[]>(),
    priority: text("priority").notNull().default("medium"),
    createdAt: atNow("created_at"),
  },
  (t) => [
    unique("api_sync_events_once").on(t.userId, t.eventId),
    index("api_sync_events_user_idx").on(t.userId, t.seq),
    index("api_sync_events_created_idx").on(t.createdAt),
    check("api_sync_events_priority_check", sql`${t.priority} in ('high', 'medium')`),
  ],
);

/**
 * The credential of a device that is not a person (an Arduino), paired with a one-time code
 * (docs/product/api-gateway.md#arduino-devices): long-lived, scoped to the device's own endpoints and topics, kept as
 * an HMAC with the server's key (a machine-made secret needs no slow hash), and its last reported status.
 */
export const apiDeviceCredentials = pgTable("api_device_credentials", {
  deviceId: uuid("device_id")
    .primaryKey()
    .references(() => apiDevices.id, { onDelete: "cascade" }),
  secretHash: text("secret_hash").notNull().unique(),
  createdAt: atNow("created_at"),
  revokedAt: at("revoked_at"),
  lastStatus: jsonb("last_status"),
  lastStatusAt: at("last_status_at"),
});

/**
 * A one-time code that pairs a device with a person's account (docs/product/api-gateway.md#arduino-devices), made by
 * the person or by an admin for them; kept only as its SHA-256, good for 10 minutes and for one device.
 */
export const apiPairingCodes = pgTable(
  "api_pairing_codes",
  {
    hash: text("hash").primaryKey(),
    userId: belongsToUser("user_id"),
    deviceName: text("device_name").notNull(),
    /** Who made it: the owner, or the admin who made it for them. */
    createdBy: text("created_by").notNull(),
    createdAt: atNow("created_at"),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    deviceId: uuid("device_id").references(() => apiDevices.id, { onDelete: "set null" }),
  },
  (t) => [index("api_pairing_codes_user_idx").on(t.userId)],
);
