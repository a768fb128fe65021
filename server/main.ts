import { loadSigningSecret } from "./auth/signing-secret";
import { openDatabase, waitForDatabase } from "./db/open-database";
import { seedDemo } from "./db/seed/seed-demo";
import { env, shouldSeedDemo, shouldSimulatePower } from "./env";
import { createSiteServer } from "./http/site-server";
import { setBuildRelease } from "./metrics/registry";
import { releaseName } from "./metrics/release";
import { createPageListener } from "~/http/page-listener.server";
import { trackRequests } from "./http/drain";
import { addReadinessProbe, startDraining } from "./http/health";
import { sharePageCacheAcrossInstances } from "./http/share-page-cache";
import { openRedis, setSharedRedis } from "./db/redis";
import { startJobs } from "./jobs/start-jobs";
import { dispatchUpgrades } from "./http/dispatch-upgrades";
import { createRealtimeServer } from "./realtime/realtime-server";
import { createOcppServer } from "./zavcharge/chargers/ocpp/ocpp-server";
import { startMqtt } from "./zavcharge/chargers/mqtt/start-mqtt";
import { attachGatewayMqtt, gatewayMqttAuthority } from "./gateway/mqtt-bridge";
import { log } from "./log";
import { startErrorReporting } from "./errors/report-error";
import { instanceId, newInstanceId, setInstanceId } from "./instance-id";
import { stopAwaitingChargerAnswers } from "./zavcharge/chargers/relay-charger-command";
import { projectRoot } from "./project-root";
import { listenForBackupRequests } from "./backups/backup-control";
import { moveOldMessagePhotos } from "./marketplace/move-old-message-photos";
import { flushVisits } from "./analytics/record-visit";
import { startPowerSimulator } from "./power/simulator";
import { attachPowerMqtt, authenticatePowerGateway, isPowerUsername } from "./power/mqtt-ingest";

// Process entry: database, jobs, and one HTTP server for pages, /api/auth, /health, the /ws websocket and the
// /ocpp/<chargePointId> websocket of chargers; MQTT chargers through the broker (embedded unless MQTT_URL is set).
const dev = process.argv.includes("--dev");
const root = projectRoot();

async function main() {
  const started = Date.now();
  // This process among several on one database (docs/operations.md#several-instances): what it holds is recorded under it.
  setInstanceId(newInstanceId());
  // React Router's production build in production (server/react-router-production.mjs); its development build costs
  // every request, so a production start without it is refused.
  if (!dev && env.NODE_ENV === "production" && import.meta.resolve("react-router").includes("/dist/development/")) {
    log.error(
      "React Router's development build is loaded in production: start the server with --import ./server/react-router-production.mjs (npm start does).",
    );
    process.exit(1);
  }
  // Before anything signs (docs/product/accounts.md#the-signing-secret): the environment's secret, or the data folder's.
  const secret = loadSigningSecret();
  if (secret.source === "generated") log.info({ file: secret.file }, "generated a signing secret in the data folder");
  const db = await openDatabase();
  // Rate limits in Redis when it is given (server/auth/rate-limits.ts); /ready reports it.
  const redis = env.REDIS_URL ? openRedis(env.REDIS_URL, env.REDIS_KEY_PREFIX) : undefined;
  if (redis) {
    setSharedRedis(redis);
    addReadinessProbe({ name: "redis", check: () => redis.client.ping() });
  }
  // Start-up's own writes, each safe to run again: the database going away in the middle of them (a restart, a
  // failover) is waited for as before the migrations, rather than the process exiting (decision 0040).
  await waitForDatabase(async () => {
    // Message photos once kept in the public listings folder move to the private one (docs/product/marketplace.md#messages).
    await moveOldMessagePhotos();
    // Several instances may start at once on PostgreSQL (npm run cluster): one seeds at a time.
    if (shouldSeedDemo) await db.exclusive(() => seedDemo());
  }, env.DATABASE_WAIT_SECONDS * 1000);
  const stopJobs = await startJobs();
  // On the embedded database `npm run backup` asks this process, which holds the data folder; on PostgreSQL it makes
  // the backup itself (docs/operations.md#backups).
  const stopBackupRequests = env.DATABASE_URL ? async () => {} : await listenForBackupRequests();
  // With several instances, a content edit on one flushes every instance's page cache (server/http/share-page-cache.ts).
  const stopSharingPageCache = await sharePageCacheAcrossInstances(db);

  // React Router is plugged in here, the process entry, through the app's adapter; the HTTP server knows no framework.
  const release = releaseName(root);
  setBuildRelease(release);
  // Errors to the error-reporting service, or to the site's own list (docs/operations.md#error-reports).
  const stopErrorReporting = await startErrorReporting({ dsn: env.SENTRY_DSN, release, environment: env.SENTRY_ENVIRONMENT });
  const server = createSiteServer({ dev, root, pages: await createPageListener({ dev, root }) });
  const requests = trackRequests(server);
  // One upgrade dispatcher: /ws is the realtime server, /ocpp/<chargePointId> the OCPP 1.6J central system
  // (docs/product/zavcharge.md#chargers); with no chargers configured nobody can connect there.
  const realtime = await createRealtimeServer(db);
  const ocpp = createOcppServer();
  dispatchUpgrades(server, { realtime: realtime.handleUpgrade, ocpp: ocpp.handleUpgrade });
  // MQTT chargers (docs/product/zavcharge.md#chargers): the broker at MQTT_URL, or an embedded one on MQTT_PORT.
  const mqtt = await startMqtt({
    url: env.MQTT_URL,
    username: env.MQTT_USERNAME,
    password: env.MQTT_PASSWORD,
    sharedGroup: env.MQTT_SHARED_GROUP,
    port: env.MQTT_PORT,
    host: env.HOST,
    events: db,
    // Solar gateways on the same broker (docs/product/power-tracking.md#mqtt), and the app's people and paired
    // devices (docs/product/api-gateway.md#mqtt).
    gateways: [{ claims: isPowerUsername, authenticate: authenticatePowerGateway }, gatewayMqttAuthority],
  });
  // An external broker is a shared service: /ready reports it (the embedded one is this process).
  if (env.MQTT_URL)
    addReadinessProbe({
      name: "broker",
      check: () => {
        if (!mqtt.client.connected) throw new Error("broker unreachable");
      },
    });
  attachPowerMqtt(mqtt.client, mqtt.subscriptionFor);
  const stopGatewayMqtt = await attachGatewayMqtt(mqtt, db);
  // A deep queue of connections waiting to be accepted (the kernel caps it at net.core.somaxconn): with Node's 511, the
  // thousands of chargers reconnecting after another instance died overflowed it, and the balancer's own health checks
  // waited seconds for SYN retries and took this instance out too (docs/performance.md#chargers-when-an-instance-dies).
  server.listen({ port: env.PORT, host: env.HOST, backlog: 4096 }, () => {
    log.info(
      { port: env.PORT, database: db.kind, instance: instanceId(), ms: Date.now() - started },
      `Zavolah is serving on http://localhost:${env.PORT}`,
    );
  });
  // The demo solar sites' gateways (docs/product/power-tracking.md#simulator), posting to this server's own ingest address.
  const stopPowerSimulator = shouldSimulatePower
    ? await startPowerSimulator({ baseUrl: `http://127.0.0.1:${env.PORT}`, intervalMs: env.POWER_SIMULATOR_INTERVAL_MS })
    : () => undefined;

  // Graceful shutdown (docs/operations.md#health-and-shutdown): /ready turns 503 so the balancer stops sending work
  // (SHUTDOWN_NOTICE_MS gives it time to see that);
  // chargers and browsers are told to reconnect (elsewhere, behind a balancer); requests in flight finish (up to
  // SHUTDOWN_GRACE_MS); running jobs stop between steps and give their leases back; then the database closes.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal, requestsInFlight: requests.inFlight() }, "shutting down");
    startDraining();
    // Behind a balancer: keep serving until it has seen /ready fail and sends nothing new here.
    if (env.SHUTDOWN_NOTICE_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_NOTICE_MS));
    stopPowerSimulator();
    await realtime.close(); // upgraded sockets are no longer the HTTP server's connections
    await ocpp.close();
    const { unfinished } = await requests.drain(env.SHUTDOWN_GRACE_MS);
    if (unfinished > 0) log.warn({ unfinished }, "requests still running at the end of the grace period were cut");
    await stopJobs();
    await stopBackupRequests();
    // After the requests: one waiting for a charger's answer through another instance still hears it.
    await stopAwaitingChargerAnswers();
    await stopGatewayMqtt();
    await mqtt.close();
    await flushVisits();
    await stopSharingPageCache();
    await stopErrorReporting();
    redis?.client.disconnect();
    await db.close();
    log.info({ signal }, "stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  log.fatal({ err: error }, "start-up failed");
  // In words on the terminal too: a refusal (a second process on the data folder, no secret for PostgreSQL) says why.
  console.error(`\nZavolah did not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
