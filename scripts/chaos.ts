// npm run chaos -- [--seconds 180] [--buyers 8] [--chargers 8] [--drivers N] [--charge-seconds 2-6] [--instances 3]
//   [--port 3850] [--kill-every 5-10] [--kill random|busiest] [--stock 40] [--transfer-share 0.3]
//   [--campaign-recipients 300] [--cut-database-every 30-45] [--cut-database-for 2-5] [--settle-seconds 90] [--keep-db]
//   [--skip-backup] [--deploy]
//
// Crash safety under load (docs/operations.md#crash-safety): a fresh PostgreSQL database (DATABASE_URL names the
// server), the Paystack fake, and three instances of the build behind haproxy (npm run cluster -- --restart). Buyers
// sign in through the JSON gateway, buy with a card and pay at the fake, whose signed webhook reaches the app
// through the balancer; some send the webhook again and come back through the callback twice, on purpose. Every few
// seconds one instance is killed with SIGKILL and the cluster starts it again. At the end the load stops, the
// background work drains (polled, with a deadline), and the database is checked: every payment counted once, no stock
// taken twice or lost, every webhook applied, every wallet equal to its ledger, no e-mail or job stuck behind a dead
// lease. It prints the counts and exits 1 on any difference.
//
// Staff work at the same time (scripts/chaos-staff.ts): a share of the buyers (--transfer-share) pay by bank transfer,
// and two staff confirm each transfer at the same moment through the balancer; one sends a campaign to
// --campaign-recipients people. E-mail goes to the Brevo fake, which honours the outbox's idempotency key as Brevo
// does: at the end each paid transfer has one payment, each campaign recipient got the campaign once, and every
// message marked sent reached Brevo (docs/product/messaging.md).
//
// The database goes away too: the instances reach PostgreSQL through a TCP gate (tests/support/tcp-gate.ts) closed
// every --cut-database-every seconds for --cut-database-for seconds (every connection dropped, new ones refused, as
// in a restart). Meanwhile requests get 503, never 500, and the run checks that nothing was half-written.
//
// Drivers charge at the same time: --chargers OCPP chargers (scripts/chaos-chargers.ts) connect through the balancer,
// --drivers of them (all, unless given) with a driver's prepaid account, charging in rounds of --charge-seconds. A
// killed instance drops the chargers it held; they reconnect to the others, boot again and resend what was not
// answered. At the end every transaction a charger was told of is one settled session, billed for the charger's
// readings and debited once; none is left open. `--kill busiest` kills the instance holding the most chargers and
// reports how long its chargers took to come back: the reconnect figure of docs/performance.md, e.g.
// `--instances 2 --buyers 0 --chargers 10000 --drivers 1000 --charge-seconds 600-600 --seconds 60 --kill-every 30-30 --kill busiest`.
//
// An admin's backup is killed too (scripts/chaos-backup.ts): "Back up now" on one instance, SIGKILL while it writes
// the file; after the load the next backup must succeed and read back, and nothing the killed one wrote may count
// (--skip-backup leaves backups out).
//
// With --deploy, the same load meets a rolling deploy instead of kills and cuts (docs/operations.md#rolling-deploy):
// a moment into the load, npm run deploy:rolling replaces every instance, one by one, with a new build, a copy of
// this one with one more migration (an expand step: scripts/deploy-proof-release.ts), and visitors browse the public
// pages meanwhile. The load goes on until the deploy is done and a few seconds after. On top of the checks above
// (every order paid once, every charging session settled and debited once), not one request may fail: no 5xx and no
// connection refused or cut, for the buyers' phones, the visitors, the staff's form posts and Paystack's webhooks.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { seedChargerFleet } from "../bench/charger-fleet";
import { createZavolahClient, ZavolahApiError } from "../clients/zavolah-api/client";
import { openPostgres } from "../server/db/client";
import { DEMO_PASSWORD } from "../server/db/seed/demo-data";
import { useSigningSecret } from "../server/env";
import { FAKE_SECRETS, fakePorts, fakeProviderEnv } from "../tests/fakes/fake-config";
import { startFakeBrevo } from "../tests/fakes/brevo";
import type { TDelivery } from "../tests/fakes/fake-provider";
import { startFakePaystack } from "../tests/fakes/paystack";
import { startFakeTermii } from "../tests/fakes/termii";
import { createTcpGate, throughGate } from "../tests/support/tcp-gate";
import { addBallastFiles, backupChaos } from "./chaos-backup";
import { makeProofRelease } from "./deploy-proof-release";
import { startChargerFleet, type TChargerFleet } from "./chaos-chargers";
import { openStaffDesks, type TStaffDesk } from "./chaos-staff";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "180" },
    buyers: { type: "string", default: "8" },
    chargers: { type: "string", default: "8" },
    drivers: { type: "string" },
    "charge-seconds": { type: "string", default: "2-6" },
    instances: { type: "string", default: "3" },
    kill: { type: "string", default: "random" },
    port: { type: "string", default: "3850" },
    "kill-every": { type: "string", default: "5-10" },
    stock: { type: "string", default: "40" },
    "transfer-share": { type: "string", default: "0.3" },
    "campaign-recipients": { type: "string", default: "300" },
    "cut-database-every": { type: "string", default: "30-45" },
    "cut-database-for": { type: "string", default: "2-5" },
    "settle-seconds": { type: "string", default: "90" },
    "keep-db": { type: "boolean", default: false },
    "skip-backup": { type: "boolean", default: false },
    deploy: { type: "boolean", default: false },
  },
});
/** A rolling deploy mid-load instead of kills, database cuts and the backup kill. */
const DEPLOY = args.deploy;
const SECONDS = Number(args.seconds);
const BUYERS = Number(args.buyers);
const PORT = Number(args.port);
const FIRST_INSTANCE_PORT = PORT + 1;
const INSTANCES = Number(args.instances);
const CHARGERS = Number(args.chargers);
const DRIVERS = args.drivers === undefined ? CHARGERS : Number(args.drivers);
const [CHARGE_MIN, CHARGE_MAX] = args["charge-seconds"].split("-").map((s) => Number(s) * 1000) as [number, number];
const KILL_BUSIEST = args.kill === "busiest";
const [KILL_MIN, KILL_MAX] = args["kill-every"].split("-").map((s) => Number(s) * 1000) as [number, number];
const LIMITED_STOCK = Number(args.stock);
const TRANSFER_SHARE = Number(args["transfer-share"]);
const CAMPAIGN_RECIPIENTS = Number(args["campaign-recipients"]);
/** "0" leaves the database alone. */
const CUTS = !DEPLOY && args["cut-database-every"] !== "0";
const [CUT_MIN, CUT_MAX] = (CUTS ? args["cut-database-every"] : "1-1").split("-").map((s) => Number(s) * 1000) as [number, number];
const [CUT_FOR_MIN, CUT_FOR_MAX] = args["cut-database-for"].split("-").map((s) => Number(s) * 1000) as [number, number];
const SETTLE_MS = Number(args["settle-seconds"]) * 1000;
const PROXY = `http://localhost:${PORT}`;
const API = `${PROXY}/api/v1`;
const PASSWORD = "Chaos-Monkey-2026!";
const CHARGER_PASSWORD = "chaos-charger-password-0123";
const SIGNING_SECRET = "chaos-secret-0123456789abcdefghijklmnopqrstuvwxyz";
const BACKUP_KEY = "chaos backup passphrase 2026";
/** The instances' one data folder: uploaded files, and the backups (DATA_DIR/backups) they all write to. */
const DATA_DIR = mkdtempSync(join(tmpdir(), "zavolah-chaos-data-"));
const BACKUPS = !DEPLOY && !args["skip-backup"];
if (BACKUPS) addBallastFiles(DATA_DIR);

if (!/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) {
  console.error("npm run chaos needs a PostgreSQL server: set DATABASE_URL (a fresh database is made on it and dropped after).");
  process.exit(2);
}
if (
  ![SECONDS, PORT, KILL_MIN, KILL_MAX, LIMITED_STOCK, INSTANCES, CHARGE_MIN, CHARGE_MAX].every((n) => Number.isFinite(n) && n > 0) ||
  ![BUYERS, CHARGERS, DRIVERS, CAMPAIGN_RECIPIENTS].every((n) => Number.isInteger(n) && n >= 0) ||
  !(TRANSFER_SHARE >= 0 && TRANSFER_SHARE <= 1) ||
  KILL_MAX < KILL_MIN ||
  ![CUT_MIN, CUT_MAX, CUT_FOR_MIN, CUT_FOR_MAX].every((n) => Number.isFinite(n) && n > 0) ||
  CUT_MAX < CUT_MIN ||
  CUT_FOR_MAX < CUT_FOR_MIN ||
  CHARGE_MAX < CHARGE_MIN ||
  DRIVERS > CHARGERS ||
  INSTANCES < 2 ||
  !["random", "busiest"].includes(args.kill) ||
  BUYERS + DRIVERS === 0
) {
  console.error(
    "--seconds, --port, --stock are positive numbers, --instances 2 or more; --buyers, --chargers, --drivers (at most --chargers) and --campaign-recipients are whole numbers, --transfer-share between 0 and 1, not both buyers and drivers 0; --kill-every, --charge-seconds, --cut-database-every (or 0: never) and --cut-database-for are MIN-MAX seconds; --kill is random or busiest.",
  );
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);
const say = (message: string) => console.log(`[chaos ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
const started = Date.now();

const counts = {
  buyersSignedIn: 0,
  checkouts: 0,
  paidAtFake: 0,
  confirmedToBuyer: 0,
  soldOut: 0,
  abandonedCheckouts: 0,
  webhookResends: 0,
  duplicateWebhooks: 0,
  duplicateCallbacks: 0,
  retriedRequests: 0,
  /** Answers 500 (an error page) where an instance or the database away should give 503: each with its path. */
  serverErrors: [] as string[],
  databaseCuts: 0,
  transfers: 0,
  kills: 0,
  restarts: 0,
  /** Requests sent by the phones and the visitors; of them, while the deploy ran. */
  requests: 0,
  requestsDuringDeploy: 0,
  pagesBrowsed: 0,
  /** Requests with no answer or a 5xx, each with what was asked (with --deploy there must be none). */
  failedRequests: [] as string[],
};
/** While the rolling deploy runs (--deploy). */
let deploying = false;
const noteRequest = () => {
  counts.requests++;
  if (deploying) counts.requestsDuringDeploy++;
};

// --- The database ----------------------------------------------------------------------------------------------------
const dbName = `zavolah_chaos_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
await onServer((admin) => admin.query(`create database ${dbName}`));
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
// The instances' own way there, through a gate the run closes (a restart as they see it).
const gate = await createTcpGate({ host: new URL(databaseUrl).hostname, port: Number(new URL(databaseUrl).port || 5432) });
await gate.open();
const gatedDatabaseUrl = throughGate(databaseUrl, gate.port);

// --- The fakes and the cluster ---------------------------------------------------------------------------------------
const ports = fakePorts(PORT);
const paystack = await startFakePaystack({
  port: ports.paystack,
  secretKey: FAKE_SECRETS.paystackKey,
  webhookUrl: `${PROXY}/api/webhooks/paystack`,
});
const termii = await startFakeTermii({ port: ports.termii, apiKey: FAKE_SECRETS.termiiKey });
const BREVO_KEY = "xkeysib-chaos-fake-brevo";
const brevo = await startFakeBrevo({ port: PORT + 4000, apiKey: BREVO_KEY });

let log = "";
const pids = new Map<number, number>(); // instance number -> its current pid
const cluster: ChildProcess = spawn(
  process.execPath,
  [
    "scripts/cluster.mjs",
    "--instances",
    String(INSTANCES),
    "--port",
    String(PORT),
    "--first-instance-port",
    String(FIRST_INSTANCE_PORT),
    "--restart",
    "--max-connections",
    String(Math.max(8000, CHARGERS + 4000)),
  ],
  {
    env: {
      // Rate limits count in each instance's memory (without REDIS_URL): the buyers' sign-ups are spread over them.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "REDIS_URL")),
      ...fakeProviderEnv(PORT),
      DATABASE_URL: gatedDatabaseUrl,
      BETTER_AUTH_SECRET: SIGNING_SECRET,
      DATA_DIR,
      BACKUP_KEY,
      // A killed instance's backup is seen cut off (and another may start) 10 s after its last heartbeat.
      BACKUP_LEASE_SECONDS: "10",
      PUBLIC_URL: PROXY,
      SEED_DEMO: "1",
      POWER_SIMULATOR: "0",
      LOG_LEVEL: "warn",
      OUTBOX_POLL_MS: "500",
      // E-mail through the Brevo fake; a message or job whose instance died is taken over within the run.
      EMAIL_PROVIDERS: "brevo",
      BREVO_API_KEY: BREVO_KEY,
      BREVO_BASE_URL: brevo.url,
      OUTBOX_SENDING_LEASE_SECONDS: "30",
      JOB_LEASE_SECONDS: "20",
      SCHEDULER_POLL_MS: "2000",
      CAMPAIGN_BATCH_PAUSE_MS: "500",
      // The reconciler looks at card payments still waiting every 5 s (it verifies those older than 5 minutes).
      STORE_JOBS_POLL_MS: "5000",
      SIGN_IN_IP_MAX_FAILURES: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
const exited = new Promise<void>((resolve) => cluster.once("exit", () => resolve()));
const readLines = (chunk: Buffer) => {
  const text = String(chunk);
  log += text;
  if (log.length > 2_000_000) log = log.slice(-1_000_000);
  for (const m of text.matchAll(/instance (\d+): pid (\d+), port \d+/g)) pids.set(Number(m[1]), Number(m[2]));
  // An instance that stopped without being killed here (it crashed, or exited on an error) is a finding: said at once.
  for (const m of text.matchAll(/instance (\d+) \(port \d+\) stopped \(([^)]+)\)/g))
    if (m[2] !== "SIGKILL") say(`instance ${m[1]} stopped by itself (${m[2]})`);
  for (const m of text.matchAll(/instance (\d+) restarted \(pid (\d+),/g)) {
    pids.set(Number(m[1]), Number(m[2]));
    counts.restarts++;
    say(`instance ${m[1]} restarted as pid ${m[2]}`);
  }
};
cluster.stdout!.on("data", readLines);
cluster.stderr!.on("data", readLines);

let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await fleet?.close();
  if (deployProcess && deployProcess.exitCode === null) deployProcess.kill("SIGTERM");
  if (cluster.exitCode === null) {
    cluster.kill("SIGTERM");
    await Promise.race([exited, sleep(30_000)]);
  }
  await Promise.all([paystack.close(), termii.close(), brevo.close(), gate.close()]);
  await db.end().catch(() => undefined);
  rmSync(DATA_DIR, { recursive: true, force: true });
  if (releaseDir) rmSync(releaseDir, { recursive: true, force: true });
  if (!args["keep-db"]) await onServer((admin) => admin.query(`drop database if exists ${dbName} with (force)`));
  else say(`kept the database ${dbName}`);
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

async function until(what: string, deadlineMs: number, check: () => Promise<boolean>, everyMs = 250) {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return true;
    if (cluster.exitCode !== null) throw new Error(`the cluster exited while waiting for ${what}:\n${log.slice(-3000)}`);
    await sleep(everyMs);
  }
  return false;
}

const instanceReady = (k: number) =>
  fetch(`http://127.0.0.1:${FIRST_INSTANCE_PORT + k - 1}/ready`).then(
    (r) => r.ok,
    () => false,
  );
const allReady = async () => {
  const answers = await Promise.all(
    Array.from({ length: INSTANCES }, (_, i) =>
      fetch(`http://127.0.0.1:${FIRST_INSTANCE_PORT + i}/ready`).then(
        (r) => r.ok,
        () => false,
      ),
    ),
  );
  return answers.every(Boolean);
};

// --- The run ---------------------------------------------------------------------------------------------------------
async function run(): Promise<boolean> {
  // Two variants: one with little stock (it may sell out: it must never be sold twice), one with plenty.
  const limited = (await db.query<{ id: number }>("select id from product_variants where sku = 'FLOOD-LIGHT-100W'")).rows[0]!.id;
  const plenty = (
    await db.query<{ id: number }>(
      `select v.id from product_variants v join products p on p.id = v.product_id
        where p.active and v.sku <> 'FLOOD-LIGHT-100W' and v.price_kobo between 100000 and 5000000 order by v.id limit 1`,
    )
  ).rows[0]!.id;
  await db.query("update product_variants set on_hand = $2 where id = $1", [limited, LIMITED_STOCK]);
  await db.query("update product_variants set on_hand = 100000 where id = $1", [plenty]);
  const variants = [limited, plenty];
  const initialOnHand = new Map(
    (await db.query<{ id: number; on_hand: number }>("select id, on_hand from product_variants where id = any($1)", [variants])).rows.map(
      (r) => [r.id, r.on_hand],
    ),
  );
  const runStart = (await db.query<{ now: Date }>("select now()")).rows[0]!.now;

  // Buyers register (each on an instance of its own: sign-ups are limited per address, and every buyer is on
  // 127.0.0.1) and have their address confirmed, as the e-mailed link would.
  const emails = Array.from({ length: BUYERS }, (_, i) => `chaos-buyer-${i + 1}-${Date.now()}@example.ng`);
  for (const [i, email] of emails.entries()) {
    const direct = createZavolahClient({
      baseUrl: `http://127.0.0.1:${FIRST_INSTANCE_PORT + (i % INSTANCES)}/api/v1`,
      platform: "mobile",
    });
    await direct.call("register", {
      body: {
        name: `Chaos Buyer ${i + 1}`,
        email,
        phone: `0803${String(1_000_000 + i * 7919).slice(-7)}`,
        password: PASSWORD,
        agreedToTerms: true,
        deviceInfo: { id: `chaos-buyer-phone-${i + 1}`, type: "mobile", name: `Chaos Buyer ${i + 1}'s phone` },
      },
    });
  }
  await db.query("update users set email_verified = true where email = any($1)", [emails]);

  // Staff at their desks: the demo staff member and the admin (who may do staff work), each signed in once.
  let staffGiveUpAt = Date.now() + 300_000;
  if (BUYERS > 0 || CAMPAIGN_RECIPIENTS > 0)
    desk = await openStaffDesks({
      proxy: PROXY,
      password: DEMO_PASSWORD,
      emails: ["staff@zavolah.ng", "admin@zavolah.ng"],
      giveUpAt: () => staffGiveUpAt,
      serverError: (what) => counts.serverErrors.push(what),
      campaignExists: async (subject) => (await db.query("select 1 from campaigns where subject = $1", [subject])).rowCount! > 0,
      say,
    });

  // The admin's backups: one killed while its file is written, a moment into the load (scripts/chaos-backup.ts).
  const backupsUnderTest = BACKUPS
    ? backupChaos({
        proxy: PROXY,
        instanceUrl: (k) => `http://127.0.0.1:${FIRST_INSTANCE_PORT + k - 1}`,
        pidOf: (k) => pids.get(k),
        serving: async () => {
          const serving = [];
          for (let k = 1; k <= INSTANCES; k++) if (pids.has(k) && (await instanceReady(k))) serving.push(k);
          return serving;
        },
        db,
        backupDir: join(DATA_DIR, "backups"),
        backupKey: BACKUP_KEY,
        admin: { email: "admin@zavolah.ng", password: DEMO_PASSWORD },
        say,
        serverError: (what) => counts.serverErrors.push(what),
        onKill: () => counts.kills++,
      })
    : null;

  let loadRunning = true;
  if (CHARGERS > 0) {
    fleet = await connectChargers(() => loadRunning);
    if (!fleet) return false;
  }
  // With --deploy the load lasts until the deploy is done (and a little after): its end is set then.
  const loadStarted = Date.now();
  let loadEnds = DEPLOY ? Infinity : loadStarted + SECONDS * 1000;
  buyersGiveUpAt = loadEnds + GRACE_MS;
  staffGiveUpAt = loadEnds + SETTLE_MS;
  // A campaign goes out while instances die: sent a moment into the load.
  const readers = Array.from({ length: CAMPAIGN_RECIPIENTS }, (_, i) => `chaos-reader-${i + 1}-${Date.now()}@example.ng`);
  const campaign =
    desk && CAMPAIGN_RECIPIENTS > 0
      ? sleep(2000)
          .then(() => desk!.sendCampaign(readers))
          .then((subject) => (say(`staff sent the campaign "${subject}" to ${CAMPAIGN_RECIPIENTS} people`), subject))
          .catch((error: unknown) => (say(`staff: ${(error as Error).message}`), null))
      : Promise.resolve(null);
  chargersGiveUpAt = loadEnds + SETTLE_MS;
  const backupKill = backupsUnderTest ? sleep(1500).then(() => backupsUnderTest.killOneMidWrite(loadEnds + GRACE_MS)) : null;
  const deployment = DEPLOY
    ? (async () => {
        await sleep(3000);
        const outcome = await rollingDeploy();
        loadEnds = Math.max(loadStarted + SECONDS * 1000, Date.now() + 3000);
        buyersGiveUpAt = loadEnds + GRACE_MS;
        staffGiveUpAt = chargersGiveUpAt = loadEnds + SETTLE_MS;
        return outcome;
      })()
    : null;
  const visitors = DEPLOY ? Promise.all([1, 2].map((n) => browsePages(n, () => Date.now() < loadEnds))) : null;
  const killer = (async () => {
    while (loadRunning && !DEPLOY) {
      await sleep(random(KILL_MIN, KILL_MAX));
      if (!loadRunning) break;
      // An instance serving traffic (one still starting up after its restart is left alone: killing it again and
      // again would only test the cluster's back-off).
      const serving = [];
      for (let k = 1; k <= INSTANCES; k++) if (pids.has(k) && (await instanceReady(k))) serving.push(k);
      if (serving.length === 0) continue;
      const held = await chargersHeld();
      const k = KILL_BUSIEST
        ? serving.reduce((a, b) => ((held.get(pids.get(b)!) ?? 0) > (held.get(pids.get(a)!) ?? 0) ? b : a))
        : serving[Math.floor(Math.random() * serving.length)]!;
      const pid = pids.get(k);
      if (!pid) continue;
      try {
        process.kill(pid, "SIGKILL");
        const killedAt = Date.now();
        counts.kills++;
        pids.delete(k);
        say(`killed instance ${k} (pid ${pid}${fleet ? `, holding ${held.get(pid) ?? 0} chargers` : ""})`);
        if (fleet && (held.get(pid) ?? 0) > 0) void watchChargersComeBack(fleet, killedAt, held.get(pid)!);
      } catch {
        // Already gone (being restarted): the next kill picks again.
      }
    }
  })();
  const cutter = (async () => {
    while (CUTS && loadRunning) {
      await sleep(random(CUT_MIN, CUT_MAX));
      if (!loadRunning || Date.now() > loadEnds) break;
      counts.databaseCuts++;
      const ms = random(CUT_FOR_MIN, CUT_FOR_MAX);
      say(`the database goes away for ${(ms / 1000).toFixed(1)} s (every connection dropped, new ones refused)`);
      await gate.close();
      await sleep(ms);
      await gate.open();
      say("the database is back");
    }
  })();
  const outcomes = await Promise.all(emails.map((email, i) => buyer(i + 1, email, variants, () => Date.now() < loadEnds)));
  deployed = await deployment;
  if (Date.now() < loadEnds) await sleep(loadEnds - Date.now());
  loadRunning = false;
  await Promise.all([killer, cutter, backupKill, visitors]);
  say(`load stopped; waiting for every instance and for the background work to drain (up to ${SETTLE_MS / 1000} s)`);

  // Settling: the instances are back, every payment the fake took has been confirmed, the outbox has sent what was due.
  const paidAtFake = () => paystack.state.transactions.filter((t) => t.status === "success").map((t) => t.reference);
  let waitingFor = "the instances' /ready";
  let chargersDone = fleet === null;
  void fleet?.finished.then(() => (chargersDone = true));
  let staffDone = desk === null;
  void Promise.all([desk?.settled(), campaign]).then(() => (staffDone = true));
  const settled = await until(
    "the background work",
    SETTLE_MS,
    async () => {
      if (!(await allReady())) return false;
      if (!chargersDone) {
        waitingFor = `chargers still stopping their transactions (${fleet!.counts.stopped} of ${fleet!.counts.started} stopped)`;
        return false;
      }
      if (!staffDone) {
        waitingFor = "staff still confirming transfers or sending the campaign";
        return false;
      }
      const { rows } = await db.query<{ unconfirmed: number; unprocessed: number; due: number; sending: number; campaigns: number }>(
        `select
           (select count(*)::int from unnest($1::text[]) r where not exists
              (select 1 from payment_attempts a where a.reference = r and a.status = 'succeeded')) as unconfirmed,
           (select count(*)::int from webhook_events where processed_at is null) as unprocessed,
           (select count(*)::int from outbox where channel = 'email' and status = 'queued' and next_attempt_at <= now()) as due,
           (select count(*)::int from outbox where channel = 'email' and status = 'sending') as sending,
           (select count(*)::int from campaigns where status = 'sending') as campaigns`,
        [paidAtFake()],
      );
      const r = rows[0]!;
      waitingFor = `${r.unconfirmed} payment(s) taken but not confirmed, ${r.unprocessed} webhook(s) not applied, ${r.due} e-mail(s) due, ${r.sending} being sent, ${r.campaigns} campaign(s) sending`;
      return r.unconfirmed === 0 && r.unprocessed === 0 && r.due === 0 && r.sending === 0 && r.campaigns === 0;
    },
    500,
  );
  say(settled ? "settled" : `did not settle before the deadline (${waitingFor}): checking what is there`);

  const problems = [
    ...(backupsUnderTest ? await backupsUnderTest.check(Date.now() + 60_000) : []),
    ...(await checkInvariants({
      runStart,
      variants,
      initialOnHand,
      paidAtFake: paidAtFake(),
      outcomes,
      fleet,
      campaignSubject: await campaign,
      readers,
    })),
  ];
  if (problems.length > 0) {
    console.log(`\nFAILED: ${problems.length} invariant${problems.length === 1 ? "" : "s"} broken`);
    for (const p of problems) console.log(`  - ${p}`);
    // The errors the instances logged (a 500's cause is there, with its request id), then the latest output.
    const failedRequests = log.split("\n").filter((line) => line.includes('"msg":"request failed"'));
    if (failedRequests.length > 0) console.log(`\nRequests the instances logged as failed:\n${failedRequests.slice(-5).join("\n")}`);
    const logFile = join(tmpdir(), `chaos-cluster-${Date.now()}.log`);
    writeFileSync(logFile, log);
    console.log(`\nLast cluster output (all of it: ${logFile}):\n${log.slice(-4000)}`);
    return false;
  }
  console.log("\nOK: nothing lost, nothing doubled");
  return true;
}

// --- The rolling deploy (--deploy) -----------------------------------------------------------------------------------
type TDeployOutcome = { ok: boolean; seconds: number; migration: string; replaced: { server: string; oldPid: number; pid: number }[] };
let deployed: TDeployOutcome | null = null;
let releaseDir: string | null = null;
let deployProcess: ChildProcess | null = null;

/** npm run deploy:rolling onto the cluster, to a copy of this build with one more migration; its lines are said here. */
async function rollingDeploy(): Promise<TDeployOutcome> {
  const release = makeProofRelease(process.cwd());
  releaseDir = release.dir;
  say(`rolling deploy to ${release.dir} (the same build with one more migration, ${release.migration})`);
  deploying = true;
  const began = Date.now();
  const child = spawn("npm", ["run", "--silent", "deploy:rolling", "--", "--build", release.dir, "--port", String(PORT)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  deployProcess = child;
  let done: { instances: { server: string; oldPid: number; pid: number }[] } | null = null;
  const lines = (chunk: Buffer) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      if (line.startsWith("DEPLOY_DONE ")) done = JSON.parse(line.slice(12)) as typeof done;
      else say(line.replace(/^\[deploy\s+[\d.]+ s\] /, "deploy: "));
    }
  };
  child.stdout.on("data", lines);
  child.stderr.on("data", lines);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  deploying = false;
  const replaced = (done as { instances: { server: string; oldPid: number; pid: number }[] } | null)?.instances ?? [];
  return { ok: code === 0, seconds: (Date.now() - began) / 1000, migration: release.migration, replaced };
}

/** A visitor going round the public pages through the balancer while the load goes on; every page must answer. */
async function browsePages(n: number, goesOn: () => boolean) {
  const slugs = (await db.query<{ slug: string }>("select slug from products where active order by id limit 3")).rows.map((r) => r.slug);
  const pages = ["/", "/store", "/store?category=solar", ...slugs.map((s) => `/store/${s}`), "/services", "/zavcharge", "/marketplace"];
  for (let i = n; goesOn(); i++) {
    const path = pages[i % pages.length]!;
    noteRequest();
    try {
      const res = await fetch(`${PROXY}${path}`, { redirect: "manual", headers: { "user-agent": `chaos-visitor-${n}` } });
      await res.arrayBuffer();
      if (res.status >= 400) counts.failedRequests.push(`GET ${path}: ${res.status}`);
      else counts.pagesBrowsed++;
    } catch (error) {
      counts.failedRequests.push(`GET ${path}: ${(error as Error).message}`);
    }
    await sleep(50);
  }
}

// --- The chargers ----------------------------------------------------------------------------------------------------
let fleet: TChargerFleet | null = null;
let desk: TStaffDesk | null = null;
/** Until the load starts, chargers keep trying to connect for 5 minutes; after it, until the settling deadline. */
let chargersGiveUpAt = Date.now() + 300_000;
const recoveries: { held: number; dropped: number; seconds: number }[] = [];

/** Commissions the chargers and their drivers' accounts, connects them through the balancer and waits till all are booted. */
async function connectChargers(charging: () => boolean): Promise<TChargerFleet | null> {
  useSigningSecret(SIGNING_SECRET); // the chargers' passwords are keyed with the instances' secret
  const handle = await openPostgres(databaseUrl);
  const seeded = await seedChargerFleet(handle, {
    prefix: "CHAO",
    chargers: CHARGERS,
    drivers: DRIVERS,
    password: CHARGER_PASSWORD,
    heartbeatIntervalSeconds: 300,
    balanceKobo: 5_000_000,
  }).finally(() => handle.close());
  const connecting = Date.now();
  const chargers = startChargerFleet({
    url: PROXY.replace(/^http/, "ws"),
    password: CHARGER_PASSWORD,
    chargers: seeded.identities.map((identity, i) => ({ identity, idTag: seeded.idTags[i] ?? null })),
    charging,
    chargeMs: [CHARGE_MIN, CHARGE_MAX],
    meterEveryMs: Math.max(500, Math.min(30_000, CHARGE_MIN / 3)),
    giveUpAt: () => chargersGiveUpAt,
    rate: 400,
    say,
  });
  let ready = false;
  void chargers.ready.then(() => (ready = true));
  if (!(await until("the chargers", 300_000, async () => ready))) {
    say(`the chargers did not all connect and boot within 300 s (${chargers.counts.connected} of ${CHARGERS} connected)`);
    await chargers.close();
    return null;
  }
  say(
    `${CHARGERS} chargers connected and booted through the balancer in ${((Date.now() - connecting) / 1000).toFixed(1)} s (${DRIVERS} with a driver)`,
  );
  return chargers;
}

/** How many chargers each instance (by pid) holds now, as charger_connections records it (instance id: host-pid-random). */
async function chargersHeld(): Promise<Map<number, number>> {
  if (!fleet) return new Map();
  const { rows } = await db.query<{ instance_id: string; n: number }>(
    "select instance_id, count(*)::int as n from charger_connections group by instance_id",
  );
  return new Map(rows.map((r) => [Number(/-(\d+)-[0-9a-f]+$/.exec(r.instance_id)?.[1] ?? 0), r.n]));
}

/** After a kill: how long until every charger it dropped (within 3 s of it) is connected again and booted. */
async function watchChargersComeBack(chargers: TChargerFleet, killedAt: number, held: number) {
  const deadline = killedAt + 180_000;
  const window = [killedAt, killedAt + 3000] as const;
  await sleep(window[1] - Date.now());
  while (Date.now() < deadline) {
    const r = chargers.recovery(...window);
    if (r.dropped > 0 && r.back === r.dropped) {
      const seconds = (r.lastBootAt - killedAt) / 1000;
      recoveries.push({ held, dropped: r.dropped, seconds });
      say(`${r.dropped} chargers dropped by the kill are all back and booted, ${seconds.toFixed(1)} s after it`);
      return;
    }
    await sleep(250);
  }
  say(`chargers dropped by the kill at ${((killedAt - started) / 1000).toFixed(1)} s were not all back within 180 s`);
  recoveries.push({ held, dropped: chargers.recovery(...window).dropped, seconds: Infinity });
}

// --- A buyer ---------------------------------------------------------------------------------------------------------
type TBuyerOutcome = { orders: string[] };

/** A phone's network: counts the requests that failed (no answer, or a 5xx from the balancer): each is sent again. */
function phoneNetwork(): typeof fetch {
  return async (input, init) => {
    const what = `${init?.method ?? "GET"} ${new URL(String(input instanceof Request ? input.url : input)).pathname}`;
    noteRequest();
    try {
      const response = await fetch(input, init);
      if (response.status >= 500) {
        counts.retriedRequests++;
        counts.failedRequests.push(`${what}: ${response.status}`);
      }
      if (response.status === 500)
        counts.serverErrors.push(
          `${init?.method ?? "GET"} ${new URL(String(input instanceof Request ? input.url : input)).pathname} (request ${response.headers.get("x-request-id") ?? "without an id"})`,
        );
      return response;
    } catch (error) {
      counts.retriedRequests++;
      counts.failedRequests.push(`${what}: ${(error as Error).message}`);
      throw error;
    }
  };
}

/** Once the load is over, buyers give up retrying after a grace period (a checkout whose instance died mid-request
 * is refused with 409 for 60 s before a retry may take it over): the run's length stays bounded. */
let buyersGiveUpAt = Infinity;
const GRACE_MS = 15_000;

const retriable = (error: unknown) =>
  !(error instanceof ZavolahApiError) || error.status >= 500 || error.status === 409 || error.status === 429 || error.status === 401;

/** Tries `step` again (as a person on a phone would) while it fails because an instance died; gives up after `ms`. */
async function again<T>(what: string, ms: number, step: () => Promise<T>, isRetriable = retriable): Promise<T> {
  const end = Math.min(Date.now() + ms, buyersGiveUpAt);
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isRetriable(error) || Date.now() > end) throw error;
      // A refusal that says "later" (409 still being answered, 429, a session to refresh); failures were counted already.
      if (error instanceof ZavolahApiError && error.status < 500) counts.retriedRequests++;
      await sleep(Math.min(2000, 200 * 2 ** attempt));
    }
  }
}

async function buyer(n: number, email: string, variants: number[], loadGoesOn: () => boolean): Promise<TBuyerOutcome> {
  const outcome: TBuyerOutcome = { orders: [] };
  const phone = createZavolahClient({ baseUrl: API, platform: "mobile", fetch: phoneNetwork(), retryDelaysMs: [250, 500, 1000, 2000] });
  const signIn = () =>
    phone.login({
      email,
      password: PASSWORD,
      platform: "mobile",
      deviceInfo: { id: `chaos-phone-${n}`, type: "mobile", name: `Phone ${n}` },
    });
  await again("sign in", 60_000, signIn);
  counts.buyersSignedIn++;
  const delivery = {
    fullName: `Chaos Buyer ${n}`,
    phone: "0803 612 4455",
    addressLine: "14 Aminu Kano Crescent, Wuse II",
    city: "Abuja Municipal",
    state: "Federal Capital Territory",
    deliveryMethod: "standard" as const,
  };
  /** The buyer's screen, asked until it shows the order paid (or the buyer gives up). */
  const shownPaid = async (number: string) => {
    const paid = await until(
      `order ${number} paid`,
      Math.max(1000, Math.min(30_000, buyersGiveUpAt - Date.now())),
      async () => (await phone.call("getOrder", { params: { number } })).status === "paid",
      300,
    ).catch(() => false);
    if (paid) counts.confirmedToBuyer++;
    else say(`buyer ${n}: order ${number} not shown paid yet`);
  };
  for (let round = 1; loadGoesOn(); round++) {
    try {
      // A session that could not be refreshed (its instance died mid-refresh) signs in again.
      const withSession = async <T>(step: () => Promise<T>) => {
        try {
          return await step();
        } catch (error) {
          if (error instanceof ZavolahApiError && error.status === 401) {
            await again("sign in", 60_000, signIn);
            return step();
          }
          throw error;
        }
      };
      const cart = await again("cart", 60_000, () => withSession(() => phone.call("getCart")));
      if (cart.lines.length === 0) {
        // Either product; once the one with little stock has sold out (409), the other.
        const first = Math.random() < 0.5 ? 0 : 1;
        for (const variantId of [variants[first]!, variants[1 - first]!]) {
          const added = await again(
            "add to cart",
            60_000,
            () => withSession(() => phone.call("addToCart", { body: { variantId, quantity: 1 } })),
            (e) => retriable(e) && !(e instanceof ZavolahApiError && e.status === 409),
          ).catch((error: unknown) => {
            if (error instanceof ZavolahApiError && error.status === 409) return null;
            throw error;
          });
          if (added) break;
          counts.soldOut++;
        }
      }
      const key = `chaos-${n}-${round}-${Date.now()}`;
      const paymentMethod = desk && Math.random() < TRANSFER_SHARE ? ("bank_transfer" as const) : ("paystack" as const);
      let placed;
      try {
        // The same Idempotency-Key until it answers: one order however often it is sent.
        placed = await again(
          "checkout",
          90_000,
          () => withSession(() => phone.call("checkout", { idempotencyKey: key, body: { ...delivery, paymentMethod } })),
          (e) => retriable(e) && !(e instanceof ZavolahApiError && e.status === 409 && /stock|left/i.test(e.message)),
        );
      } catch (error) {
        if (error instanceof ZavolahApiError && error.status === 409 && /stock|left/i.test(error.message)) {
          // Sold out: the line goes and the buyer tries the other product.
          counts.soldOut++;
          const current = await again("cart", 60_000, () => withSession(() => phone.call("getCart")));
          // Lines are keyed "variant-12".
          for (const variantId of current.lines.map((l) => /^variant-(\d+)$/.exec(l.key)?.[1]).filter((id) => id !== undefined))
            // A retry whose first try did remove it (the answer was lost) is told it is not in the cart: done.
            await again("remove", 60_000, () => withSession(() => phone.call("removeFromCart", { params: { variantId } }))).catch(
              (error: unknown) => {
                if (!(error instanceof ZavolahApiError && error.status === 404)) throw error;
              },
            );
          continue;
        }
        counts.abandonedCheckouts++;
        say(`buyer ${n}: checkout given up (${(error as Error).message})`);
        continue;
      }
      counts.checkouts++;
      outcome.orders.push(placed.order.number);
      if (paymentMethod === "bank_transfer") {
        // The buyer pays at the bank; the money shows on the company's statement, and staff confirm it.
        counts.transfers++;
        void desk!.confirmTransfer(placed.order.number);
        await shownPaid(placed.order.number);
        continue;
      }
      if (!placed.payment) {
        say(`buyer ${n}: order ${placed.order.number} without a payment link (${JSON.stringify(placed.paymentError)})`);
        continue;
      }
      const reference = placed.payment.reference;
      // Pays on the hosted page; the fake posts the signed webhook to the balancer.
      const done = await paystack.complete(reference, "success");
      counts.paidAtFake++;
      // Paystack sends the webhook again until it is answered 200 (an instance killed mid-request answers nothing).
      // An instance whose database went away mid-request answers 503: a 500 is counted as the phones' are.
      const noteWebhookAnswer = (d: TDelivery | null) => {
        if (d?.status === 500) counts.serverErrors.push(`POST /api/webhooks/paystack (request ${d.requestId ?? "without an id"})`);
        return d;
      };
      let delivery_ = noteWebhookAnswer(done.delivery);
      for (let tries = 0; delivery_?.status !== 200 && tries < 60; tries++) {
        await sleep(Math.min(2000, 250 * 2 ** tries));
        counts.webhookResends++;
        delivery_ = noteWebhookAnswer(await paystack.resendWebhook({ reference }));
      }
      if (Math.random() < 0.3) {
        counts.duplicateWebhooks++;
        noteWebhookAnswer(await paystack.resendWebhook({ reference }));
      }
      if (Math.random() < 0.3) {
        // The phone's browser comes back through the callback, twice (a reload).
        for (let i = 0; i < 2; i++) {
          counts.duplicateCallbacks++;
          await again("callback", 30_000, async () => {
            const res = await phoneNetwork()(`${PROXY}/payment/callback/paystack?trxref=${reference}&reference=${reference}`, {
              redirect: "manual",
            });
            if (res.status >= 500) throw new Error(`callback ${res.status}`);
          });
        }
      }
      await shownPaid(placed.order.number);
    } catch (error) {
      say(`buyer ${n}: round ${round} failed (${(error as Error).message})`);
      await sleep(500);
    }
  }
  return outcome;
}

// --- The invariants --------------------------------------------------------------------------------------------------
async function checkInvariants(input: {
  runStart: Date;
  variants: number[];
  initialOnHand: Map<number, number>;
  paidAtFake: string[];
  outcomes: TBuyerOutcome[];
  fleet: TChargerFleet | null;
  campaignSubject: string | null;
  readers: string[];
}): Promise<string[]> {
  const problems: string[] = [];
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows;
  const since = [input.runStart];

  // Money: every order paid exactly once, for its total; every payment the provider took is on a paid order.
  const [orders] = await one<{ placed: number; paid: number; pending: number; cancelled: number }>(
    `select count(*)::int as placed,
            count(*) filter (where status in ('paid', 'processing', 'shipped', 'delivered'))::int as paid,
            count(*) filter (where status = 'pending_payment')::int as pending,
            count(*) filter (where status = 'cancelled')::int as cancelled
       from orders where created_at >= $1`,
    since,
  );
  const doubled = await one<{ number: number; n: number }>(
    `select o.number, count(*)::int as n from orders o join payment_attempts a on a.order_id = o.id and a.status = 'succeeded'
      where o.created_at >= $1 group by o.number having count(*) > 1`,
    since,
  );
  for (const d of doubled) problems.push(`order ${d.number} has ${d.n} succeeded payments`);
  const wrongAmount = await one<{ number: number; total: number; paid: number }>(
    `select o.number, o.total_kobo::bigint as total, coalesce(sum(a.amount_kobo), 0)::bigint as paid
       from orders o left join payment_attempts a on a.order_id = o.id and a.status = 'succeeded'
      where o.created_at >= $1 and o.status in ('paid', 'processing', 'shipped', 'delivered')
      group by o.id having coalesce(sum(a.amount_kobo), 0) <> o.total_kobo`,
    since,
  );
  for (const w of wrongAmount) problems.push(`order ${w.number} is paid but its payments add up to ${w.paid}, not ${w.total}`);
  const paidNotMarked = await one<{ number: number; status: string }>(
    `select o.number, o.status from orders o join payment_attempts a on a.order_id = o.id and a.status = 'succeeded'
      where o.created_at >= $1 and o.status not in ('paid', 'processing', 'shipped', 'delivered', 'refunded')`,
    since,
  );
  for (const p of paidNotMarked) problems.push(`order ${p.number} has a succeeded payment but is ${p.status}`);
  const [attempts] = await one<{ all: number; succeeded: number }>(
    `select count(*)::int as all, count(*) filter (where status = 'succeeded')::int as succeeded from payment_attempts where created_at >= $1`,
    since,
  );
  const lost = await one<{ reference: string }>(
    `select r as reference from unnest($1::text[]) r
      where not exists (select 1 from payment_attempts a where a.reference = r and a.status = 'succeeded')`,
    [input.paidAtFake],
  );
  for (const l of lost) problems.push(`Paystack took the payment ${l.reference}, but it is not recorded as succeeded`);
  const paidEvents = await one<{ order_id: string; n: number }>(
    `select e.order_id, count(*)::int as n from order_events e join orders o on o.id = e.order_id
      where o.created_at >= $1 and e.to_status = 'paid' group by e.order_id having count(*) > 1`,
    since,
  );
  for (const e of paidEvents) problems.push(`order ${e.order_id} moved to paid ${e.n} times`);

  // Stock: never negative; what the paid orders took is exactly what left the shelf; no order's stock taken twice.
  const stock = await one<{ id: number; on_hand: number; converted: number; active: number }>(
    `select v.id, v.on_hand,
            coalesce((select sum(r.quantity) from stock_reservations r join orders o on o.id = r.order_id
                       where r.variant_id = v.id and r.status = 'converted' and o.created_at >= $2), 0)::int as converted,
            coalesce((select sum(r.quantity) from stock_reservations r join orders o on o.id = r.order_id
                       where r.variant_id = v.id and r.status = 'active' and o.created_at >= $2), 0)::int as active
       from product_variants v where v.id = any($1) order by v.id`,
    [input.variants, input.runStart],
  );
  for (const s of stock) {
    const initial = input.initialOnHand.get(s.id)!;
    if (s.on_hand < 0) problems.push(`variant ${s.id} has ${s.on_hand} on hand`);
    if (initial - s.converted !== s.on_hand)
      problems.push(`variant ${s.id}: ${initial} at the start - ${s.converted} sold = ${initial - s.converted}, but ${s.on_hand} on hand`);
  }
  const overCommitted = await one<{ number: number }>(
    `select o.number from orders o
      where o.created_at >= $1 and
        (select coalesce(sum(r.quantity), 0) from stock_reservations r where r.order_id = o.id and r.status = 'converted') >
        (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id)`,
    since,
  );
  for (const o of overCommitted) problems.push(`order ${o.number}: more stock taken than it ordered`);
  const paidWithoutStock = await one<{ number: number }>(
    `select o.number from orders o where o.created_at >= $1 and o.status in ('paid', 'processing', 'shipped', 'delivered')
        and not exists (select 1 from stock_reservations r where r.order_id = o.id and r.status = 'converted')
        and not exists (select 1 from admin_alerts a where a.dedupe_key = 'stock-shortfall:' || o.id)`,
    since,
  ).catch(() => []);
  for (const o of paidWithoutStock) problems.push(`order ${o.number} is paid but its stock was never taken`);
  const shortfalls = await one<{ n: number }>(`select count(*)::int as n from admin_alerts where type = 'stock_shortfall'`).catch(() => [
    { n: -1 },
  ]);

  // Webhooks: each stored once (a unique key), each applied.
  const [webhooks] = await one<{ all: number; applied: number; unapplied: number; paid: number }>(
    `select count(*)::int as all, count(*) filter (where processed_at is not null)::int as applied,
            count(*) filter (where processed_at is null)::int as unapplied, count(*) filter (where outcome = 'paid')::int as paid
       from webhook_events where received_at >= $1`,
    since,
  );
  if (webhooks!.unapplied > 0) problems.push(`${webhooks!.unapplied} webhook event(s) stored but never applied`);
  const unapplied = await one<{ event_key: string; received_at: Date }>(
    "select event_key, received_at from webhook_events where processed_at is null limit 5",
  );
  for (const u of unapplied) problems.push(`  webhook ${u.event_key} received ${u.received_at.toISOString()} not applied`);

  // Wallets: every balance is its ledger's sum.
  const wallets = await one<{ id: number; balance: number; ledger: number; entries: number }>(
    `select a.id, a.balance_kobo::bigint as balance, coalesce(sum(e.amount_kobo), 0)::bigint as ledger, count(e.id)::int as entries
       from zavcharge_accounts a left join zavcharge_wallet_entries e on e.account_id = a.id group by a.id`,
  );
  for (const w of wallets.filter((w) => Number(w.balance) !== Number(w.ledger)))
    problems.push(`ZavCharge account ${w.id}: balance ${w.balance}, ledger ${w.ledger}`);
  const [referralLedger] = await one<{ n: number }>("select count(*)::int as n from referral_ledger");

  // Charging: every transaction a charger was answered is one session at that charger, settled for the charger's
  // readings and debited once; no session a charger was never told of; none left open.
  const sessions = await one<{
    id: number;
    status: string;
    charger: string;
    meter_start_wh: number;
    meter_stop_wh: number | null;
    energy_wh: number | null;
    cost_kobo: number | null;
    unpaid_kobo: number;
    debits: number;
    debited: number;
  }>(
    `select s.id, s.status, c.charge_point_id as charger, s.meter_start_wh::bigint::float8 as meter_start_wh,
            s.meter_stop_wh::float8 as meter_stop_wh, s.energy_wh::float8 as energy_wh, s.cost_kobo::float8 as cost_kobo,
            s.unpaid_kobo::float8 as unpaid_kobo,
            (select count(*)::int from zavcharge_wallet_entries e where e.reference = 'session:' || s.id) as debits,
            (select coalesce(sum(-e.amount_kobo), 0)::float8 from zavcharge_wallet_entries e where e.reference = 'session:' || s.id) as debited
       from charging_sessions s join chargers c on c.id = s.charger_id where c.charge_point_id like 'CHAO-CP-%'`,
  );
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const answered = input.fleet?.transactions ?? [];
  const toldIds = new Set(answered.map((t) => t.transactionId));
  for (const t of answered) {
    const s = sessionById.get(t.transactionId);
    if (!s || s.charger !== t.identity) {
      problems.push(`${t.identity} was answered transaction ${t.transactionId}, which is not a session at that charger`);
      continue;
    }
    if (t.meterStopWh === null) continue; // its stop was given up: counted below as open
    if (s.status === "active") problems.push(`session ${s.id}: ${t.identity}'s stop was answered, but the session is still open`);
    else if (s.meter_start_wh !== t.meterStartWh || s.meter_stop_wh !== t.meterStopWh)
      problems.push(
        `session ${s.id}: the charger read ${t.meterStartWh} -> ${t.meterStopWh} Wh, the session has ${s.meter_start_wh} -> ${s.meter_stop_wh}`,
      );
  }
  for (const s of sessions) {
    if (!toldIds.has(s.id)) problems.push(`session ${s.id} at ${s.charger} was opened, but no charger was answered its transaction`);
    if (s.status === "active") problems.push(`session ${s.id} at ${s.charger} is still open`);
    const paid = (s.cost_kobo ?? 0) - s.unpaid_kobo;
    if (s.debits > 1) problems.push(`session ${s.id} was debited ${s.debits} times`);
    if (s.status !== "active" && s.debited !== paid)
      problems.push(`session ${s.id}: cost ${s.cost_kobo} (unpaid ${s.unpaid_kobo}), but the wallet was debited ${s.debited}`);
  }
  const away = input.fleet?.away() ?? [];
  if (away.length > 0) problems.push(`${away.length} charger(s) never came back: ${away.slice(0, 5).join(", ")}`);
  if (DRIVERS > 0 && answered.length === 0) problems.push("no charger started a transaction: the run proved nothing for charging");
  const settledSessions = sessions.filter((s) => s.status !== "active");

  // The outbox: sent or still queued; nothing left "sending" past its lease.
  const [mail] = await one<{ queued: number; sending: number; stuck: number; sent: number; failed: number; resent: number }>(
    `select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sending')::int as sending,
            count(*) filter (where status = 'sending' and next_attempt_at < now())::int as stuck,
            count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'sent' and attempts > 1)::int as resent
       from outbox where created_at >= $1`,
    since,
  );
  if (mail!.stuck > 0) problems.push(`${mail!.stuck} message(s) stuck in "sending" past their lease`);
  const dueMail = await one<{ n: number }>(
    "select count(*)::int as n from outbox where channel = 'email' and status = 'queued' and next_attempt_at <= now() - interval '30 seconds'",
  );
  if (dueMail[0]!.n > 0) problems.push(`${dueMail[0]!.n} e-mail(s) due for over 30 s and not sent`);

  // Transfers: each one both desks were answered for is paid (once: the payment checks above count every order).
  const [transfers] = await one<{ placed: number; paid: number }>(
    `select count(*)::int as placed, count(*) filter (where status in ('paid', 'processing', 'shipped', 'delivered'))::int as paid
       from orders where created_at >= $1 and payment_method = 'bank_transfer'`,
    since,
  );
  const confirmedNumbers = (desk?.confirmed ?? []).map((n) => Number(n.replace(/\D/g, "")));
  const unpaidTransfers = await one<{ number: number; status: string }>(
    `select number, status from orders where number = any($1::int[]) and status not in ('paid', 'processing', 'shipped', 'delivered')`,
    [confirmedNumbers],
  );
  for (const o of unpaidTransfers) problems.push(`staff confirmed the transfer of ZV-${o.number}, but it is ${o.status}`);

  // E-mail at Brevo: every message marked sent reached it; none twice (Brevo drops a repeat of the same key); the
  // campaign reached each of its recipients once.
  type TBrevoMail = { to: { email: string }[]; subject: string; headers?: { idempotencyKey?: string } };
  const delivered = brevo.sent.map((r) => r.body as TBrevoMail);
  const deliveredKeys = new Map<string, number>();
  for (const m of delivered)
    deliveredKeys.set(m.headers?.idempotencyKey ?? "", (deliveredKeys.get(m.headers?.idempotencyKey ?? "") ?? 0) + 1);
  if (deliveredKeys.has("")) problems.push(`${deliveredKeys.get("")} e-mail(s) reached Brevo without an idempotency key`);
  for (const [key, n] of deliveredKeys) if (key && n > 1) problems.push(`the e-mail with key ${key} was delivered ${n} times`);
  const sentRows = await one<{ id: number; key: string }>(
    "select id, idempotency_key as key from outbox where channel = 'email' and status = 'sent' and created_at >= $1",
    since,
  );
  const neverDelivered = sentRows.filter((r) => !deliveredKeys.has(r.key));
  for (const r of neverDelivered.slice(0, 5)) problems.push(`outbox ${r.id} is marked sent, but Brevo never got it`);
  if (neverDelivered.length > 5) problems.push(`  and ${neverDelivered.length - 5} more marked sent that Brevo never got`);
  let campaignRow: { status: string; queued: number; pending: number; other: number } | undefined;
  let campaignDeliveries = 0;
  if (CAMPAIGN_RECIPIENTS > 0 && desk) {
    if (!input.campaignSubject) problems.push("the campaign was never created");
    else {
      [campaignRow] = await one<{ status: string; queued: number; pending: number; other: number }>(
        `select c.status, count(*) filter (where r.status = 'queued')::int as queued, count(*) filter (where r.status = 'pending')::int as pending,
                count(*) filter (where r.status not in ('queued', 'pending'))::int as other
           from campaigns c join campaign_recipients r on r.campaign_id = c.id where c.subject = $1 group by c.id`,
        [input.campaignSubject],
      );
      const [created] = await one<{ n: number }>("select count(*)::int as n from campaigns where subject = $1", [input.campaignSubject]);
      if (created!.n !== 1) problems.push(`the campaign was created ${created!.n} times`);
      if (!campaignRow) problems.push("the campaign has no recipients");
      else {
        if (campaignRow.status !== "done") problems.push(`the campaign is ${campaignRow.status}, not done`);
        if (campaignRow.queued !== input.readers.length)
          problems.push(
            `the campaign queued ${campaignRow.queued} of ${input.readers.length} recipients (${campaignRow.pending} pending, ${campaignRow.other} skipped or failed)`,
          );
      }
      const doubleQueued = await one<{ recipient: string; n: number }>(
        "select recipient, count(*)::int as n from outbox where subject = $1 group by recipient having count(*) > 1",
        [input.campaignSubject],
      );
      for (const d of doubleQueued.slice(0, 5)) problems.push(`the campaign was queued ${d.n} times for ${d.recipient}`);
      const perReader = new Map<string, number>();
      for (const m of delivered.filter((m) => m.subject === input.campaignSubject))
        for (const to of m.to) perReader.set(to.email, (perReader.get(to.email) ?? 0) + 1);
      campaignDeliveries = [...perReader.values()].reduce((a, b) => a + b, 0);
      const twice = [...perReader].filter(([, n]) => n > 1);
      for (const [email, n] of twice.slice(0, 5)) problems.push(`${email} got the campaign ${n} times`);
      const missed = input.readers.filter((r) => !perReader.has(r));
      if (missed.length > 0) problems.push(`${missed.length} campaign recipient(s) never got it, e.g. ${missed[0]}`);
    }
  }

  // Jobs: no lease that ran out still held (a poll takes a lapsed lease over within seconds).
  const stuckJobs = await one<{ name: string; leased_until: Date }>(
    "select name, leased_until from scheduled_jobs where leased_until < now() - interval '1 minute'",
  );
  for (const j of stuckJobs) problems.push(`job ${j.name} holds a lease that ran out at ${j.leased_until.toISOString()}`);
  const [jobs] = await one<{ all: number; leased: number }>(
    "select count(*)::int as all, count(*) filter (where leased_until is not null)::int as leased from scheduled_jobs",
  );

  // Orders no buyer was answered: a checkout cut by a kill near the end, whose retries met "still being answered" (409)
  // until the buyer gave up. Not a fault (a phone that gave up); listed so that a doubled order would show here.
  const told = new Set(input.outcomes.flatMap((o) => o.orders));
  const untold = (
    await one<{ number: number; status: string; email: string }>(
      "select number, status, email from orders where created_at >= $1 order by number",
      since,
    )
  ).filter((o) => !told.has(`ZV-${o.number}`));
  for (const o of untold) say(`order ZV-${o.number} (${o.status}, ${o.email}) was placed but no buyer was answered with it`);

  const rows: [string, number | string][] = [
    ["buyers signed in", counts.buyersSignedIn],
    ["orders placed", orders!.placed],
    ["orders paid", orders!.paid],
    ["orders waiting for payment", orders!.pending],
    ["orders cancelled", orders!.cancelled],
    ["checkouts answered to buyers", counts.checkouts],
    ["checkouts given up by buyers", counts.abandonedCheckouts],
    ["orders placed that no buyer was answered", untold.length],
    ["sold out answers", counts.soldOut],
    ["payments taken at the fake", input.paidAtFake.length],
    ["payment attempts (succeeded)", `${attempts!.all} (${attempts!.succeeded})`],
    ["orders shown paid to the buyer", counts.confirmedToBuyer],
    ["webhook deliveries (fake)", paystack.state.deliveries.length],
    ["webhook deliveries not answered 200", paystack.state.deliveries.filter((d) => d.status !== 200).length],
    ["webhooks resent after a failure", counts.webhookResends],
    ["webhooks resent on purpose", counts.duplicateWebhooks],
    ["callbacks on purpose", counts.duplicateCallbacks],
    ["webhook events stored (applied)", `${webhooks!.all} (${webhooks!.applied})`],
    ["webhook events that paid", webhooks!.paid],
    ["stock (start -> end, sold)", stock.map((s) => `${input.initialOnHand.get(s.id)} -> ${s.on_hand}, ${s.converted}`).join("; ")],
    ["stock still held by unpaid orders", stock.map((s) => s.active).join("; ")],
    ["stock shortfall alerts", shortfalls[0]!.n],
    ...(input.fleet
      ? ([
          ["chargers (with a driver)", `${CHARGERS} (${DRIVERS})`],
          [
            "charger sockets dropped (by close code) / boots",
            `${input.fleet.counts.drops} (${
              Object.entries(input.fleet.counts.dropsByCode)
                .map(([code, n]) => `${code}: ${n}`)
                .join(", ") || "-"
            }) / ${input.fleet.counts.boots}`,
          ],
          ["charger messages resent", input.fleet.counts.resentCalls],
          ["transactions started / stopped", `${input.fleet.counts.started} / ${input.fleet.counts.stopped}`],
          ["starts refused / transactions given up", `${input.fleet.counts.refusedStarts} / ${input.fleet.counts.givenUp}`],
          [
            "sessions settled (energy, debited)",
            `${settledSessions.length} (${settledSessions.reduce((n, s) => n + (s.energy_wh ?? 0), 0)} Wh, ${settledSessions.reduce((n, s) => n + s.debited, 0)} kobo)`,
          ],
          [
            "kills: chargers held -> all back after",
            recoveries.map((r) => `${r.held} -> ${Number.isFinite(r.seconds) ? `${r.seconds.toFixed(1)} s` : "not all"}`).join("; ") || "-",
          ],
        ] as [string, number | string][])
      : []),
    ["ZavCharge wallets checked", `${wallets.length} (${wallets.reduce((n, w) => n + w.entries, 0)} entries)`],
    ["referral ledger entries", referralLedger!.n],
    ["messages (e-mail and SMS) queued / sending / sent / failed", `${mail!.queued} / ${mail!.sending} / ${mail!.sent} / ${mail!.failed}`],
    ["messages sent after more than one attempt", mail!.resent],
    ["e-mails delivered by Brevo / repeats it dropped by key", `${brevo.sent.length} / ${brevo.repeats.length}`],
    ["bank transfers placed (paid)", `${transfers!.placed} (${transfers!.paid})`],
    [
      "transfers confirmed by two staff at once (answers, form posts sent again)",
      `${desk?.confirmed.length ?? 0} (${desk?.counts.confirmationsAnswered ?? 0}, ${desk?.counts.resentPosts ?? 0})`,
    ],
    [
      "campaign (recipients queued, e-mails delivered)",
      campaignRow ? `${campaignRow.status} (${campaignRow.queued} of ${input.readers.length}, ${campaignDeliveries})` : "-",
    ],
    ["scheduled jobs (leased now)", `${jobs!.all} (${jobs!.leased})`],
    ["kills (SIGKILL)", counts.kills],
    ["database outages", counts.databaseCuts],
    ["answers 500 (should be none)", counts.serverErrors.length],
    ["restarts", counts.restarts],
    ["requests retried by buyers", counts.retriedRequests],
    ...(DEPLOY
      ? ([
          [
            "rolling deploy (instances replaced)",
            deployed
              ? `${deployed.ok ? "done" : "FAILED"} in ${deployed.seconds.toFixed(1)} s (${deployed.replaced.length} of ${INSTANCES})`
              : "-",
          ],
          ["requests by phones and visitors (during the deploy)", `${counts.requests} (${counts.requestsDuringDeploy})`],
          ["public pages browsed", counts.pagesBrowsed],
          ["failed requests: no answer or 5xx (must be none)", counts.failedRequests.length],
        ] as [string, number | string][])
      : []),
    ["run", `${SECONDS} s load, ${BUYERS} buyers, ${((Date.now() - started) / 1000).toFixed(0)} s in all`],
  ];
  if (DEPLOY) {
    // The deploy: every instance replaced, the new build's migration applied, and not one request lost on the way.
    if (!deployed?.ok) problems.push("the rolling deploy did not finish");
    else if (deployed.replaced.length !== INSTANCES)
      problems.push(`the rolling deploy replaced ${deployed.replaced.length} of ${INSTANCES} instances`);
    const [column] = await one<{ n: number }>(
      "select count(*)::int as n from information_schema.columns where table_name = 'orders' and column_name = 'deploy_proof_note'",
    );
    if (column!.n !== 1) problems.push(`the new build's migration (${deployed?.migration ?? "-"}) was not applied`);
    if (counts.failedRequests.length > 0)
      problems.push(
        `${counts.failedRequests.length} request(s) failed during the deploy run: ${[...new Set(counts.failedRequests)].slice(0, 5).join(", ")}`,
      );
    const webhooksFailed = paystack.state.deliveries.filter((d) => d.status !== 200).length;
    if (webhooksFailed > 0) problems.push(`${webhooksFailed} webhook delivery(ies) not answered 200`);
    if ((desk?.counts.resentPosts ?? 0) > 0) problems.push(`${desk!.counts.resentPosts} staff form post(s) had no answer or a 5xx`);
    if (counts.requestsDuringDeploy === 0) problems.push("no request was sent while the deploy ran: the run proved nothing");
    // A drained instance tells its chargers "service restart" (1012) and they come back elsewhere; none is cut.
    const cut = Object.entries(input.fleet?.counts.dropsByCode ?? {}).filter(([code]) => code !== "1012");
    if (cut.length > 0)
      problems.push(`charger sockets closed other than with 1012 (service restart): ${cut.map(([c, n]) => `${c}: ${n}`).join(", ")}`);
  }
  if (counts.serverErrors.length > 0)
    problems.push(
      `${counts.serverErrors.length} request(s) answered 500 instead of 503: ${[...new Set(counts.serverErrors)].slice(0, 5).join(", ")}`,
    );
  // A run in which nothing was paid or nothing was killed proved nothing: it fails too.
  if (BUYERS > 0 && orders!.paid === 0) problems.push("no order was paid: the run proved nothing");
  if (!DEPLOY && counts.kills === 0) problems.push("no instance was killed: the run proved nothing");
  if (CUTS && counts.databaseCuts === 0) problems.push("the database was never cut away: the run proved nothing");
  console.log("\nChaos run");
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log(
    `CHAOS_COUNTS ${JSON.stringify({ ordersPlaced: orders!.placed, ordersPaid: orders!.paid, sessionsSettled: settledSessions.length, kills: counts.kills, restarts: counts.restarts, ...(DEPLOY ? { deploySeconds: deployed?.seconds, requestsDuringDeploy: counts.requestsDuringDeploy, failedRequests: counts.failedRequests.length } : {}), problems: problems.length })}`,
  );
  return problems;
}

// --- Main: set up, run, check, clean up -------------------------------------------------------------------------------
let failed = false;
try {
  say(`database ${dbName}; starting ${INSTANCES} instances behind haproxy on ${PROXY}`);
  if (!(await until("the cluster", 180_000, async () => /behind haproxy/.test(log) && (await allReady()), 500)))
    throw new Error(`the cluster did not start:\n${log.slice(-3000)}`);
  say(`cluster up: ${[...pids].map(([k, pid]) => `instance ${k} pid ${pid}`).join(", ")}`);
  failed = !(await run());
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
