import { z } from "zod";

// Every environment variable the server reads, validated once. docs/environment.md lists them.
const ZEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    // Signs sessions, e-mailed links and fingerprints (docs/product/accounts.md#the-signing-secret). Unset on one machine:
    // the server keeps a generated one in DATA_DIR (server/auth/signing-secret.ts).
    BETTER_AUTH_SECRET: z
      .string()
      .min(
        32,
        "is shorter than 32 characters. Set a long random value (for example the output of `openssl rand -base64 48`), or leave it unset on a single machine and the server keeps a generated one in DATA_DIR.",
      )
      .optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Zavolah <no-reply@zavolah.ng>"),
    SEED_DEMO: z.enum(["0", "1"]).optional(),
    /** How many proxies in front of us add to X-Forwarded-For (server/http/client-ip.ts): 0 none, 1 a balancer, 2 a CDN and a balancer. */
    TRUST_PROXY: z.enum(["0", "1", "2", "3"]).default("0"),
    // Attempts allowed per network address in 15 minutes (sign-ins, sign-ups, resets, public forms), slowed past half of
    // it (docs/product/accounts.md#shared-addresses). Many Nigerian mobile users share one carrier address (CGNAT), so it
    // is a coarse ceiling; the per-account and per-address-typed limit of 5 is the one that bites.
    SIGN_IN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(60),
    /** How long an instance starting while PostgreSQL is away waits for it before giving up (server/db/open-database.ts). */
    DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
    /**
     * How long a message stays "sending" before another worker may take it (its worker died): longer than a send takes
     * (15 s a provider), shorter than Brevo's 15-minute idempotency window (docs/product/messaging.md).
     */
    OUTBOX_SENDING_LEASE_SECONDS: z.coerce.number().int().min(30).max(600).default(300),
    /** How long shutdown waits for requests in flight before it cuts them (docs/operations.md#health-and-shutdown). */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /** How long shutdown keeps serving after /ready turned 503, so the balancer notices first (more than its check interval). */
    SHUTDOWN_NOTICE_MS: z.coerce.number().int().min(0).default(0),
    // E-mail providers, tried in EMAIL_PROVIDERS order; only configured ones are used (a key, or SMTP_URL).
    // With none configured, e-mail goes to the local mailbox. Base URLs point the same code at tests/fakes.
    EMAIL_PROVIDERS: z.string().default("klaviyo,brevo,smtp"),
    KLAVIYO_API_KEY: z.string().min(1).optional(),
    KLAVIYO_BASE_URL: z.string().url().default("https://a.klaviyo.com"),
    BREVO_API_KEY: z.string().min(1).optional(),
    BREVO_BASE_URL: z.string().url().default("https://api.brevo.com"),
    // SMS providers, tried in SMS_PROVIDERS order; without credentials SMS stay queued (with a warning).
    SMS_PROVIDERS: z.string().default("termii,twilio"),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_FROM: z.string().min(1).optional(),
    TWILIO_BASE_URL: z.string().url().default("https://api.twilio.com"),
    TERMII_API_KEY: z.string().min(1).optional(),
    TERMII_SENDER_ID: z.string().min(3).max(11).default("Zavolah"),
    /** "generic" (promotional route) or "dnd" (transactional route, reaches DND numbers; Termii activates it). */
    TERMII_CHANNEL: z.enum(["generic", "dnd"]).default("generic"),
    TERMII_BASE_URL: z.string().url().default("https://api.ng.termii.com"),
    // Payments. A card provider is offered at checkout only when its secret key is set; the base URLs point the
    // same code at the local fakes in tests (tests/fakes). Bank transfer and pay on delivery need no keys.
    PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
    PAYSTACK_BASE_URL: z.string().url().default("https://api.paystack.co"),
    // "1" when the Paystack account may send transfers (Transfers enabled, OTP for API transfers turned off): admins
    // can then pay marketplace payouts through Paystack instead of recording a transfer made by hand.
    PAYSTACK_TRANSFERS: z
      .enum(["0", "1"])
      .default("0")
      .transform((v) => v === "1"),
    FLUTTERWAVE_SECRET_KEY: z.string().min(1).optional(),
    /** The "secret hash" set in Flutterwave's dashboard; webhooks carry it in `verif-hash`. */
    FLUTTERWAVE_SECRET_HASH: z.string().min(1).optional(),
    FLUTTERWAVE_BASE_URL: z.string().url().default("https://api.flutterwave.com"),
    // How often the jobs release expired stock reservations and re-check unconfirmed card payments.
    STORE_JOBS_POLL_MS: z.coerce.number().int().min(100).default(60_000),
    // How often the scheduler looks for due jobs (reminders, campaign sending); "Run now" and new campaigns wake it at once.
    SCHEDULER_POLL_MS: z.coerce.number().int().min(50).default(15_000),
    /** How long a scheduled job's claim holds without renewal: after an instance died, its jobs run elsewhere after this. */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    /** A running backup whose heartbeat is older than this was cut off (its server stopped). */
    BACKUP_LEASE_SECONDS: z.coerce.number().int().min(6).max(3600).default(120),
    // The pause between two batches of 50 campaign e-mails (docs/product/campaigns.md#sending), so providers are not flooded.
    CAMPAIGN_BATCH_PAUSE_MS: z.coerce.number().int().min(0).default(1000),
    // The ZavCharge network map's tiles (a Leaflet URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png)
    // and the attribution its provider asks for; without a URL the network page lists stations with no map.
    ZAVCHARGE_MAP_TILES_URL: z.string().min(1).optional(),
    ZAVCHARGE_MAP_ATTRIBUTION: z.string().default(""),
    // Shared fast counters for several instances (docs/operations.md#several-instances): rate limits count in Redis when
    // it is set (redis:// or rediss://), in the database otherwise. The prefix keeps two sites on one Redis apart.
    REDIS_URL: z
      .string()
      .url()
      .refine((u) => /^rediss?:\/\//.test(u), "REDIS_URL must start with redis:// or rediss://")
      .optional(),
    REDIS_KEY_PREFIX: z.string().min(1).default("zavolah:rl:"),
    // ZavCharge's MQTT chargers (docs/product/zavcharge.md#chargers): the broker at MQTT_URL (mqtt://, mqtts://,
    // ws://) with the server's own account, or, without it, the embedded broker listening for devices on MQTT_PORT.
    MQTT_URL: z.string().url().optional(),
    MQTT_USERNAME: z.string().min(1).optional(),
    // The instances' shared subscription group on the external broker (docs/operations.md#several-instances); empty for a
    // broker without shared subscriptions, which then serves one instance only.
    MQTT_SHARED_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]*$/, "MQTT_SHARED_GROUP may hold letters, digits, - and _ only")
      .default("zavolah"),
    MQTT_PASSWORD: z.string().min(1).optional(),
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
    // Power tracking's demo simulator (docs/product/power-tracking.md#simulator): the seeded demo sites send readings over
    // the real ingest path every POWER_SIMULATOR_INTERVAL_MS. On by default wherever the demo data is seeded; "0" turns it off.
    POWER_SIMULATOR: z.enum(["0", "1"]).optional(),
    POWER_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(500).default(5000),
    // Load shedding (docs/operations.md#load-shedding): a new rendered page or gateway request is answered 503 "Back in
    // a moment" at once while the event loop is this late (ms), or while this many requests are already being answered.
    // 0 turns either off, and both are off unless set (decision 0052): 200 and 24 are the values `npm run bench:overload`
    // measures (docs/performance.md#load-shedding-npm-run-benchoverload), not yet at the served throughput of no shedding.
    SHED_EVENT_LOOP_LAG_MS: z.coerce.number().int().min(0).default(0),
    SHED_MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).default(0),
    // "1": every page and API answer says how many database statements it took, in a Server-Timing header (the journeys
    // hold the personal pages to a budget, docs/performance.md#queries-per-request). Off in production.
    SERVER_TIMING: z
      .enum(["0", "1"])
      .optional()
      .transform((v) => v === "1"),
    // GET /metrics in Prometheus' text format (docs/operations.md#monitoring), for a scraper that sends this as a bearer
    // token; unset, the address answers 404 and nothing is exposed.
    METRICS_TOKEN: z.string().min(16, "is shorter than 16 characters: use a long random value (openssl rand -hex 24).").optional(),
    // This build's name in the metrics (and error reports): the git commit a deploy sets; unset, read from .git.
    RELEASE: z.string().min(1).max(64).optional(),
    // Sentry's (or GlitchTip's) project address (docs/operations.md#error-reports): the server's errors and the visitors'
    // browsers' go there, scrubbed; unset, they are kept on the site's own error list (/admin/errors).
    SENTRY_DSN: z.string().url().optional(),
    // The environment the error reports are filed under ("production", "staging").
    SENTRY_ENVIRONMENT: z.string().min(1).max(64).default("production"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Backups (docs/operations.md#backups): the folder they are written to (DATA_DIR/backups unless set), and the
    // passphrase they are encrypted with. Without BACKUP_KEY a backup is a plain .tar.gz that anyone holding it can read.
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_KEY: z
      .string()
      .min(24, "is shorter than 24 characters. Use a long random passphrase, kept apart from the backups (docs/operations.md#backups).")
      .optional(),
    // A copy of each backup in S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2, MinIO): the bucket and its keys;
    // the endpoint for anything but AWS, the region ("auto" on R2), and a folder in the bucket.
    BACKUP_S3_BUCKET: z.string().min(1).optional(),
    BACKUP_S3_ENDPOINT: z.url({ error: "is not a URL (for example https://<account>.r2.cloudflarestorage.com)" }).optional(),
    BACKUP_S3_REGION: z.string().min(1).default("us-east-1"),
    BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    BACKUP_S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9._-]+\/)*$/, "is a folder in the bucket ending with / (for example zavolah/), or empty")
      .default(""),
  })
  .superRefine((e, ctx) => {
    if (!e.BACKUP_S3_BUCKET) return;
    for (const key of ["BACKUP_S3_ACCESS_KEY_ID", "BACKUP_S3_SECRET_ACCESS_KEY"] as const)
      if (!e[key]) ctx.addIssue({ code: "custom", path: [key], message: "must be set when BACKUP_S3_BUCKET is" });
    // Backups hold people's personal data (NDPA 2023): a production site never sends them off the machine unencrypted.
    if (e.NODE_ENV === "production" && !e.BACKUP_KEY)
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_KEY"],
        message:
          "must be set when BACKUP_S3_BUCKET is: production does not copy backups, which hold people's personal data, off the machine unencrypted (docs/operations.md#backups).",
      });
  });

export type TEnv = z.infer<typeof ZEnv>;

/** The settings from the environment (process.env unless given), or an error naming each wrong one (never its value). */
export function readEnv(source: Record<string, string | undefined> = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}

export const env = readEnv();

export const isProduction = env.NODE_ENV === "production";

/** Demo data is seeded in development, and in production only when SEED_DEMO=1 (never by default). */
export const shouldSeedDemo = env.SEED_DEMO ? env.SEED_DEMO === "1" : !isProduction;

/** The power simulator runs with the demo data (never under NODE_ENV=test) unless POWER_SIMULATOR=0; =1 forces it on. */
export const shouldSimulatePower = env.POWER_SIMULATOR ? env.POWER_SIMULATOR === "1" : shouldSeedDemo && env.NODE_ENV !== "test";

/** The domain of MAIL_FROM: campaigns may only send from addresses there, which the providers accept. */
export function mailDomain(): string {
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return address.split("@")[1]?.trim().toLowerCase() ?? "";
}

export function publicUrl(): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

// The secret that signs sessions, e-mailed links and privacy fingerprints (docs/product/accounts.md#the-signing-secret):
// BETTER_AUTH_SECRET, or the one server/auth/signing-secret.ts loads at start from DATA_DIR. Kept on globalThis, like
// the database handle, so server/main.ts and the server bundle share it.
const SIGNING_SECRET = Symbol.for("zavolah.signingSecret");
type TSecretHolder = { [SIGNING_SECRET]?: string };

/**
 * Vitest only (NODE_ENV=test). It is in the repository, so it must never sign anything a running server accepts: a
 * server never reaches it, because start-up loads a real secret first and authSecret() refuses without one.
 */
export const TEST_ONLY_SECRET = "test-only-secret-in-the-repository-never-signs-for-a-server";

/** Makes `secret` the one authSecret() answers for the rest of the process (server start-up; undefined clears it). */
export function useSigningSecret(secret: string | undefined) {
  (globalThis as TSecretHolder)[SIGNING_SECRET] = secret;
}

export function authSecret(): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const loaded = (globalThis as TSecretHolder)[SIGNING_SECRET];
  if (loaded) return loaded;
  if (env.NODE_ENV === "test") return TEST_ONLY_SECRET;
  throw new Error(
    "No signing secret: the server loads one at start (loadSigningSecret, server/auth/signing-secret.ts) before anything signs",
  );
}

/** The network map's tile source, or null when none is configured (docs/product/zavcharge.md#stations-and-slots). */
export function mapTiles(): { url: string; attribution: string } | null {
  const url = env.ZAVCHARGE_MAP_TILES_URL;
  if (!url || !/^https?:\/\/[^/\s]+\//.test(url)) return null;
  return { url, attribution: env.ZAVCHARGE_MAP_ATTRIBUTION };
}

/** The CSP img-src entry for the map tiles' host: "{s}." subdomains become a wildcard ("https://*.tile.example.org"). */
export function mapTilesOrigin(): string | null {
  const url = mapTiles()?.url;
  const m = url ? /^(https?:\/\/)([^/]+)/.exec(url) : null;
  if (!m) return null;
  const host = m[2]!.replace(/^\{s\}\./, "*.");
  return /^[*]?[a-z0-9.:-]+$/i.test(host) ? `${m[1]}${host}` : null;
}
