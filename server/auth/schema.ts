import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, atNow, mayReferTo } from "../db/columns";

// better-auth's tables, named for this project. The user row IS the profile of docs/product/accounts.md#profile (role, staff_code,
// department, phone, points), so an account and its profile are one insert and cannot drift apart.
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("avatar"),
    role: text("role").notNull().default("customer"),
    staffCode: text("staff_code"),
    department: text("department"),
    phone: text("phone"),
    points: integer("points").notNull().default(0),
    newsletterOptIn: boolean("newsletter_opt_in").notNull().default(false),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    /** Set once, atomically, when the welcome e-mail is queued: two clicks on one link welcome once. */
    welcomedAt: at("welcomed_at"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [check("users_role_check", sql`${t.role} in ('customer', 'staff', 'admin')`)],
);

// A person's id as other tables hold it (users' ids are better-auth's text ids). Like server/db/columns.ts, each is the
// long form's builder under a name that says what happens to the row when the account is deleted.

/** The row is the person's own (their cart, their tokens): deleted with their account. */
export const belongsToUser = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** The row needs the person, whose account cannot be deleted while it exists (an investment, a ledger entry). */
export const refersToUser = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: "restrict" });

/** Who did something (reviewed, decided, wrote): emptied when their account goes, the row kept. */
export const mayReferToUser = (name: string) => text(name).references(() => users.id, { onDelete: "set null" });

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: at("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: belongsToUser("user_id"),
    /** When this session was signed in with a second factor; null for a password-only sign-in (server/auth/second-factor-session.ts). */
    secondFactorAt: at("second_factor_at"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: belongsToUser("user_id"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: at("access_token_expires_at"),
    refreshTokenExpiresAt: at("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: at("expires_at").notNull(),
    createdAt: atNow("created_at"),
    updatedAt: atNow("updated_at"),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: belongsToUser("user_id"),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: at("locked_until"),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * The phone factor of two-factor sign-in (docs/product/accounts.md#two-factor-authentication): a number is added
 * unverified, and a code texted to it makes it verified. Only a verified phone is used at sign-in. At most one of each
 * per account: a new number waits beside the verified one until its own code proves it, then replaces it.
 */
export const twoFactorPhones = pgTable(
  "two_factor_phones",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    phone: text("phone").notNull(),
    status: text("status").notNull().default("unverified"),
    createdAt: atNow("created_at"),
    verifiedAt: at("verified_at"),
  },
  (t) => [
    check("two_factor_phones_status_check", sql`${t.status} in ('unverified', 'verified')`),
    uniqueIndex("two_factor_phones_user_status_idx").on(t.userId, t.status),
  ],
);

/**
 * Codes texted to a phone factor: only a keyed hash is kept. One live code per account (a new one closes the last);
 * `attempts` counts wrong tries; `closedAt` is set when the code is used, replaced or spent. Rows stay a day so the
 * resend limits can count them.
 */
export const twoFactorSmsCodes = pgTable(
  "two_factor_sms_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    /** Null once the phone is removed: the row still counts towards the resend limits, and can no longer be used. */
    phoneId: mayReferTo("phone_id", () => twoFactorPhones.id),
    /** A code proving a number that is not a second factor (`prove-phone`: a ZavCharge driver's) names it here. */
    phone: text("phone"),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    createdAt: atNow("created_at"),
    closedAt: at("closed_at"),
  },
  (t) => [
    check("two_factor_sms_codes_purpose_check", sql`${t.purpose} in ('verify-phone', 'sign-in', 'prove-phone')`),
    index("two_factor_sms_codes_user_idx").on(t.userId, t.createdAt),
  ],
);

/** password_reset_audit (docs/product/accounts.md#password-reset): written on request, stamped when the reset completes. */
export const passwordResetAudit = pgTable(
  "password_reset_audit",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    resetMethod: text("reset_method").notNull().default("email"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    requestedAt: atNow("requested_at"),
    resetCompletedAt: at("reset_completed_at"),
  },
  (t) => [index("password_reset_audit_email_idx").on(t.email)],
);

/** Counters for sign-in and reset limits (rate-limiter-flexible's Drizzle store), shared by every instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: at("expire"),
});

/**
 * The browsers a person has signed in on, each known by a random first-party cookie (server/http/device-cookie.ts),
 * kept keyed-hashed. Refer and earn reads it: a friend who signs up on a browser the referrer signs in on is a
 * self-referral (docs/product/refer-and-earn.md#fraud-checks). Kept past sign-out, as the cookie is.
 */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    userId: belongsToUser("user_id"),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: atNow("first_seen_at"),
    lastSeenAt: atNow("last_seen_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] }), index("sign_in_devices_hash_idx").on(t.deviceHash)],
);

/**
 * Who made whom an administrator, and who approved it (docs/product/roles-and-access.md#administrators): a promotion
 * waits as `pending` until a second administrator approves or rejects it; the newest approved row of a person who is
 * an admin says since when and by whom, which the two-admin rules read. An admin with no row was made outside the
 * site (the seed, the data migration). At most one promotion waits per person.
 */
export const adminGrants = pgTable(
  "admin_grants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsToUser("user_id"),
    requestedBy: mayReferToUser("requested_by"),
    requestedAt: atNow("requested_at"),
    status: text("status").notNull().default("pending"),
    decidedBy: mayReferToUser("decided_by"),
    decidedAt: at("decided_at"),
  },
  (t) => [
    check("admin_grants_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    uniqueIndex("admin_grants_one_pending_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index("admin_grants_user_idx").on(t.userId, t.decidedAt),
  ],
);
