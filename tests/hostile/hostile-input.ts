// Hostile input over the whole route table (docs/product/site-shell.md#bad-input): a property-based walk that
// sends every route requests a browser would never send, as anonymous, customer, staff and admin, to the real
// production build on a fresh seeded database in this process, and checks that the site answers calmly:
//   - never a 5xx;
//   - a refused request (4xx) changes nothing in the database;
//   - a refused request says why, in words (JSON {message} under /api, the error screen's heading elsewhere).
// `npx tsx tests/hostile/hostile-input.ts [--runs N] [--seed S]` walks once and says what it found. Needs `npm run build`.
// `--serve PORT` instead sets up once and walks on request, in parts, for the journeys (tests/e2e/hostile/
// hostile-input.spec.ts, started beside the site by playwright.config.ts): `POST /walk?part=K&of=N` walks RUNS/N
// requests with seed S+K-1 (part 1 also the known cases, part N the websocket upgrades) and answers what it found;
// parts take turns, since each compares the database before and after its requests. Once every part has walked,
// the last one also checks the error screen with the database gone.
import { randomBytes } from "node:crypto";
import { createServer, request as httpRequest } from "node:http";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";

const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(argValue("--runs") ?? process.env.HOSTILE_RUNS ?? 300);
const SEED = Number(argValue("--seed") ?? process.env.HOSTILE_SEED ?? 20261124);
const root = fileURLToPath(new URL("../..", import.meta.url));
const SERVE_PORT = argValue("--serve");

// Served: the control port answers at once, and walks wait until the setup below is done.
let markReady = () => {};
const ready = new Promise<void>((resolve) => (markReady = resolve));
if (SERVE_PORT) serveWalks(Number(SERVE_PORT));

// The server reads its settings when its modules load: set them first.
const dataDir = mkdtempSync(join(tmpdir(), "zavolah-hostile-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: "hostile-secret-hostile-secret-hostile-secret",
  SIGN_IN_IP_MAX_FAILURES: "100000",
  LOG_LEVEL: process.env.HOSTILE_LOG_LEVEL ?? "error",
});

const { openPglite, openPostgres, setDbHandle, getDb } = await import("../../server/db/client");
const { migrateDatabase } = await import("../../server/db/migrate");
const { seedDemo } = await import("../../server/db/seed/seed-demo");
const { createSiteServer } = await import("../../server/http/site-server");
const { createPageListener } = await import("../../app/http/page-listener.server");
const { dispatchUpgrades } = await import("../../server/http/dispatch-upgrades");
const { createRealtimeServer } = await import("../../server/realtime/realtime-server");
const { createOcppServer } = await import("../../server/zavcharge/chargers/ocpp/ocpp-server");
const { ROUTE_TABLE } = await import("../../app/lib/route-table");
const { sql } = await import("drizzle-orm");

// A database of its own: in-memory PGlite, or a fresh PostgreSQL database beside DATABASE_URL's.
let dropDatabase = async () => {};
const handle = await (async () => {
  const url = process.env.DATABASE_URL;
  if (!url) return openPglite(undefined);
  const pg = (await import("pg")).default;
  const name = `zavolah_hostile_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return openPostgres(own.toString());
})();
setDbHandle(handle);
await migrateDatabase(handle);
await seedDemo();

const server = createSiteServer({ dev: false, root, pages: await createPageListener({ dev: false, root }) });
// The websocket upgrades, wired as server/main.ts wires them: /ws (realtime) and /ocpp/<chargePointId>.
const realtime = await createRealtimeServer(handle);
const ocpp = createOcppServer();
dispatchUpgrades(server, { realtime: realtime.handleUpgrade, ocpp: ocpp.handleUpgrade });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.PUBLIC_URL = BASE;

// Tables a refused request may still touch: the session row's "last seen" (better-auth refreshes it on reads), and the
// visit counts, written in batches every two seconds (docs/product/visits.md), so an earlier page's visit may land
// while a later request is checked.
const MAY_CHANGE = new Set(["session", "site_visits"]);
/** Rows of a query: PGlite and node-postgres both answer { rows }. */
async function rowsOf<T>(query: ReturnType<typeof sql.raw>): Promise<T[]> {
  return ((await getDb().execute(query)) as unknown as { rows: T[] }).rows;
}
const tables = (
  await rowsOf<{ name: string }>(
    sql.raw(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )
)
  .map((r) => r.name)
  .filter((t) => !MAY_CHANGE.has(t) && !t.startsWith("__drizzle"));
const fingerprintQuery = tables
  .map((t) => `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`)
  .join(" union all ");

async function fingerprint(): Promise<Map<string, string>> {
  const rows = await rowsOf<{ t: string; h: string }>(sql.raw(fingerprintQuery));
  return new Map(rows.map((r) => [r.t, r.h]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
}

// One sign-in per role, through the site's own form.
type TRole = "anonymous" | "customer" | "staff" | "admin";
const cookies: Record<TRole, string> = { anonymous: "", customer: "", staff: "", admin: "" };
for (const role of ["customer", "staff", "admin"] as const) {
  const res = await fetch(`${BASE}/auth/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: BASE, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: `${role}@zavolah.ng`, password: "Zavolah2026!", returnTo: "/" }),
  });
  cookies[role] = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 302 || !cookies[role]) throw new Error(`sign-in as ${role} answered ${res.status}`);
}

// ---- what a hostile client sends ----

const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\u0007bell",
  "\u001b[31mred",
  "\u007f",
  "\u0085",
  "\ud800",
  "x\udfffy",
  "Robert'); DROP TABLE users;--",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "${jndi:ldap://x}",
  "😀".repeat(3),
  "é".normalize("NFD"),
  "9".repeat(40),
  "-1",
  "1e309",
  "NaN",
  "0x10",
  " ",
  "",
);
const text = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  fc.string({ unit: "binary", maxLength: 12 }),
);
// Percent-encodings that do not decode to UTF-8, or decode to what a form never holds.
const brokenEncoding = fc.constantFrom("%", "%zz", "%E0%A4%A", "%C0%AF", "%ED%A0%80", "%FF%FE", "%00", "%0D%0A%1B", "a%2", "%%");

function encodeAny(value: string): string {
  // encodeURIComponent throws on lone surrogates: send their (invalid) UTF-8 bytes percent-encoded instead.
  return [...value].map((ch) => (ch.length === 1 && /[\ud800-\udfff]/.test(ch) ? "%ED%A0%80" : encodeURIComponent(ch))).join("");
}

const paramValue = fc.oneof(
  { weight: 2, arbitrary: text.map(encodeAny) },
  brokenEncoding,
  fc.constantFrom("1", "0", "999999999", "2147483648", "00000000-0000-0000-0000-000000000000", "not-a-uuid", "ZAV00000000XXXX"),
  fc.uuid(),
);

const query = fc.array(
  fc.oneof(
    fc
      .tuple(fc.constantFrom("q", "page", "sort", "category", "min", "max", "returnTo", "status", "id", "login", "limit", "after"), text)
      .map(([k, v]) => `${k}=${encodeAny(v)}`),
    fc.tuple(fc.constantFrom("q", "page", "returnTo"), brokenEncoding).map(([k, v]) => `${k}=${v}`),
    fc.constant(`q=${"x".repeat(3000)}`),
  ),
  { maxLength: 3 },
);

const fieldNames = fc.constantFrom(
  "email",
  "password",
  "name",
  "phone",
  "message",
  "quantity",
  "productId",
  "variantId",
  "theme",
  "pin",
  "id",
  "_js",
  "intent",
  "amount",
  "returnTo",
  "content",
  "title",
  "status",
);
const formFields = fc.array(fc.tuple(fieldNames, text), { minLength: 1, maxLength: 5 });

type TBody = { contentType?: string; body?: string | Uint8Array<ArrayBuffer> };
const body: fc.Arbitrary<TBody> = fc.oneof(
  // Forms whose values hold what a person never types.
  formFields.map((f) => ({ contentType: "application/x-www-form-urlencoded", body: f.map(([k, v]) => `${k}=${encodeAny(v)}`).join("&") })),
  fc.tuple(fieldNames, brokenEncoding).map(([k, v]) => ({ contentType: "application/x-www-form-urlencoded", body: `${k}=${v}` })),
  fc.constant({
    contentType: "application/x-www-form-urlencoded",
    body: new Uint8Array(new ArrayBuffer(5)).map((_, i) => [0x65, 0x3d, 0xff, 0xfe, 0xc0][i]!),
  }),
  fc.constant({ contentType: "application/x-www-form-urlencoded; charset=iso-8859-1", body: "name=caf%E9" }),
  fc.constant({ contentType: "application/x-www-form-urlencoded", body: `message=${"A".repeat(210_000)}` }),
  // JSON where a form is expected, and JSON that is not JSON.
  formFields.map((f) => ({ contentType: "application/json", body: JSON.stringify(Object.fromEntries(f)) })),
  fc
    .constantFrom('{"email":', "[1,2", "null", '"\\ud800"', '{"id":{"$gt":0}}', "{}", "x")
    .map((b) => ({ contentType: "application/json", body: b })),
  // Other types, no type, broken multipart.
  fc
    .constantFrom("text/plain", "application/xml", "image/png", "application/octet-stream")
    .map((t) => ({ contentType: t, body: "email=a@b.co" })),
  fc.constant({ body: "email=a%40b.co" }),
  fc.constant({ contentType: "multipart/form-data; boundary=XyZ", body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n' }),
  fc.constant({ contentType: "multipart/form-data", body: "no boundary at all" }),
  formFields.map((f) => ({
    contentType: "multipart/form-data; boundary=b0",
    body: f.map(([k, v]) => `--b0\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + "--b0--\r\n",
  })),
);

const routes = ROUTE_TABLE.filter((r) => !r.path.includes("/ws"));
const request = fc.record({
  route: fc.constantFrom(...routes),
  role: fc.constantFrom<TRole>("anonymous", "customer", "staff", "admin"),
  method: fc.constantFrom("GET", "GET", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD"),
  params: fc.array(paramValue, { minLength: 4, maxLength: 4 }),
  query,
  body,
  dataRequest: fc.boolean(),
  sameOrigin: fc.constantFrom(true, true, true, false),
  oddHeader: fc.option(
    fc.constantFrom<[string, string]>(
      ["accept-language", "\u00ff\u00fe;;q=abc"],
      ["cookie", "zavolah.session_token=%ZZ; theme=%00"],
      ["cookie", "zavolah.session_token=forged.c2lnbmF0dXJl"],
      ["accept", "*/*;q=NaN"],
      ["referer", "http://[::1"],
      ["x-forwarded-for", "not-an-ip, , 999.1.1.1"],
      ["range", "bytes=99999999-"],
    ),
  ),
});

type TRequest = typeof request extends fc.Arbitrary<infer T> ? T : never;

function pathFor(r: TRequest): string {
  let i = 0;
  const path = r.route.path.replace(/:[A-Za-z]+\??|\*/g, () => r.params[i++ % r.params.length]!);
  const search = r.query.length ? `?${r.query.join("&")}` : "";
  // React Router's data requests (fetchers, client navigations) end in .data.
  return (r.dataRequest && !r.route.resource ? `${path === "/" ? "/_root" : path}.data` : path) + search;
}

type TFailure = { request: string; problem: string };
let lastRefusal: Map<string, string> | null = null;

async function send(r: TRequest): Promise<TFailure | null> {
  const path = pathFor(r);
  const headers: Record<string, string> = {};
  if (r.sameOrigin) headers.origin = BASE;
  if (cookies[r.role]) headers.cookie = cookies[r.role];
  if (r.oddHeader)
    headers[r.oddHeader[0]] = r.oddHeader[0] === "cookie" && headers.cookie ? `${headers.cookie}; ${r.oddHeader[1]}` : r.oddHeader[1];
  const withBody = r.method !== "GET" && r.method !== "HEAD";
  if (withBody && r.body.contentType) headers["content-type"] = r.body.contentType;
  const label = `${r.role} ${r.method} ${path.slice(0, 160)}${withBody ? ` [${r.body.contentType ?? "no type"}] ${String(r.body.body).slice(0, 80)}` : ""}`;
  // The database as the previous request left it, when that request was refused and fingerprinted after (most are):
  // the same snapshot, not read again.
  const before = withBody || r.route.resource ? (lastRefusal ?? (await fingerprint())) : null;
  lastRefusal = null;
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, { method: r.method, headers, body: withBody ? r.body.body : undefined, redirect: "manual" });
  } catch (error) {
    // fetch itself refuses some of what we build (a header it will not send): nothing reached the server.
    if (error instanceof TypeError && !String(error.cause ?? "").includes("ECONNRESET")) return null;
    return { request: label, problem: `connection failed: ${String(error)}` };
  }
  const status = res.status;
  if (!res.headers.get("x-request-id")) return { request: label, problem: `answered ${status} without an X-Request-Id` };
  const text = r.method === "HEAD" ? "" : await res.text();
  if (status >= 500 && !(status === 503 && text.includes("featureDisabled")) && !(status === 503 && /turned off|not available/i.test(text)))
    return { request: label, problem: `answered ${status}: ${text.replace(/\s+/g, " ").slice(0, 300)}` };
  if (status >= 400 && status < 500) {
    if (before) {
      const after = await fingerprint();
      const changed = changedTables(before, after);
      if (changed.length) return { request: label, problem: `answered ${status} but changed ${changed.join(", ")}` };
      lastRefusal = after;
    }
    if (r.method !== "HEAD" && [400, 413, 415].includes(status)) {
      const type = res.headers.get("content-type") ?? "";
      const says = type.includes("json")
        ? /"(message|error)":"[A-Z][^"]{8,}/.test(text)
        : type.includes("html")
          ? /<h1[^>]*>[^<]{4,}<\/h1>/.test(text)
          : type.includes("text/x-script") || text.length > 10; // React Router's data responses carry the message inside
      if (!says) return { request: label, problem: `answered ${status} without a message a person can read: ${text.slice(0, 200)}` };
    }
  }
  return null;
}

type TUpgrade = { path: string; headers: Record<string, string> };
const upgradeRequest: fc.Arbitrary<TUpgrade> = fc.record({
  path: fc.oneof(
    fc.constantFrom(
      "/ws",
      "/ocpp/",
      "/ocpp/ZAV-CP-001",
      "/ocpp/ZAV-CP-999",
      "/ocpp/a/b",
      "/ws?token=x",
      "/nope",
      "/ocpp/%00",
      "/ocpp/%E0%A4%A",
    ),
    fc.string({ maxLength: 40 }).map((x) => `/ocpp/${encodeURIComponent(x)}`),
  ),
  headers: fc.record(
    {
      "sec-websocket-protocol": fc.constantFrom("ocpp1.6", "ocpp2.0.1", "", "ocpp1.6, ocpp1.6"),
      "sec-websocket-key": fc.constantFrom("dGhlIHNhbXBsZSBub25jZQ==", "", "not base64", "AAAA"),
      "sec-websocket-version": fc.constantFrom("13", "8", "x"),
      authorization: fc.constantFrom(
        `Basic ${Buffer.from("ZAV-CP-001:wrong-password").toString("base64")}`,
        `Basic ${Buffer.from("ZAV-CP-999:zavcharge-demo").toString("base64")}`,
        "Basic %%%",
        "Bearer x",
      ),
      origin: fc.constantFrom("https://evil.example", "null"),
    },
    { requiredKeys: [] },
  ),
});

/** An upgrade request's answer: its status code (101 when a socket opened, which we then close), or an error. */
function upgradeStatus(u: TUpgrade): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${BASE}${u.path}`, {
      headers: { connection: "Upgrade", upgrade: "websocket", ...u.headers },
      timeout: 10_000,
    });
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("timeout", () => {
      req.destroy();
      resolve("no answer in 10 s");
    });
    req.on("error", (error) => resolve(`connection failed: ${error.message}`));
    req.end();
  });
}

async function sendUpgrade(u: TUpgrade): Promise<TFailure | null> {
  const label = `UPGRADE ${u.path} ${JSON.stringify(u.headers).slice(0, 160)}`;
  const status = await upgradeStatus(u);
  if (typeof status === "string") return { request: label, problem: status };
  if (status === 101 && !u.path.startsWith("/ws")) return { request: label, problem: "opened a socket" };
  if (status >= 500) return { request: label, problem: `answered ${status}` };
  return null;
}

// Requests once answered 500, always sent: a form action given JSON, and a NUL byte in the store's search.
const sample = (r: Partial<TRequest>): [TRequest] => [
  {
    route: routes.find((x) => x.path === "/store")!,
    role: "anonymous",
    method: "GET",
    params: ["x", "x", "x", "x"],
    query: [],
    body: {},
    dataRequest: false,
    sameOrigin: true,
    oddHeader: null,
    ...r,
  },
];
const KNOWN_CASES: [TRequest][] = [
  sample({ query: ["q=%00"] }),
  sample({ query: ["q=%00"], dataRequest: true, role: "customer" }),
  ...[
    "/newsletter/subscribe",
    "/auth/sign-in",
    "/auth/sign-up",
    "/auth/forgot-password",
    "/cart/add",
    "/cart/update",
    "/theme",
    "/contact",
    "/services",
  ].flatMap((path) => [
    sample({
      route: routes.find((x) => x.path === path)!,
      method: "POST",
      body: { contentType: "application/json", body: '{"email":"a@b.co"}' },
    }),
    sample({
      route: routes.find((x) => x.path === path)!,
      method: "POST",
      role: "customer",
      body: { contentType: "text/plain", body: "email=a@b.co" },
    }),
  ]),
];

type TWalk = { sent: number; failures: TFailure[]; seconds: number };

/** Part `part` of `parts` of the walk: its share of the requests, with a seed of its own. */
async function walkPart(part: number, parts: number): Promise<TWalk> {
  const failures: TFailure[] = [];
  const started = Date.now();
  const seed = SEED + part - 1;
  let sent = 0;
  lastRefusal = null;
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      sent++;
      const failure = await send(r);
      if (failure) failures.push(failure);
      return true; // collect every failure rather than shrink the first one: the list is the to-do
    }),
    { numRuns: Math.ceil(RUNS / parts), seed, endOnFailure: true, examples: part === 1 ? KNOWN_CASES : [] },
  );
  if (part === parts) {
    // Websocket upgrades a browser or charger would never send: each is refused with a 4xx status line (or, for the
    // public realtime socket, accepted and closed by us), never a 5xx, never a hung socket, and nothing changes.
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(upgradeRequest, async (u) => {
        sent++;
        const failure = await sendUpgrade(u);
        if (failure) failures.push(failure);
        return true;
      }),
      { numRuns: Math.max(20, Math.round(RUNS / 10)), seed, endOnFailure: true },
    );
    const changedByUpgrades = changedTables(before, await fingerprint());
    if (changedByUpgrades.length) failures.push({ request: "websocket upgrades", problem: `changed ${changedByUpgrades.join(", ")}` });
  }
  return { sent, failures, seconds: (Date.now() - started) / 1000 };
}

/**
 * A real failure, after the walk: with the database gone, a page fails, and its error screen shows the request's id
 * (the X-Request-Id header, also on the error's log line) for the customer to read out to support.
 */
async function breakTheDatabase(): Promise<TFailure[]> {
  await realtime.close();
  await ocpp.close();
  await handle.close();
  const broken = await fetch(`${BASE}/store?q=reference-check`, { redirect: "manual" });
  const page = await broken.text();
  const id = broken.headers.get("x-request-id");
  return broken.status !== 500 || !id || !page.includes("Application Error") || !page.includes(id)
    ? [{ request: "GET /store with the database down", problem: `answered ${broken.status} without reference ${id}` }]
    : [];
}

async function shutDown() {
  server.closeAllConnections();
  server.close();
  await handle.close().catch(() => {});
  await dropDatabase();
}

/** What a walk found, in words: the line a passing walk prints, or the wrong answers, one of each kind. */
function report({ sent, failures, seconds }: TWalk, label: string): string {
  if (!failures.length)
    return `${sent} hostile requests over ${routes.length} routes and 4 roles, ${label}: no 5xx, nothing changed by a refusal (${seconds.toFixed(1)} s).`;
  const unique = [...new Map(failures.map((f) => [`${f.problem.slice(0, 60)} ${f.request.split(" ").slice(0, 3).join(" ")}`, f])).values()];
  return [
    `${failures.length} of ${sent} hostile requests were answered wrongly (${label}, ${seconds.toFixed(1)} s):`,
    ...unique.slice(0, 60).map((f) => `- ${f.request}\n    ${f.problem}`),
  ].join("\n");
}

/** The control port of a served walk; see the top of this file. */
function serveWalks(port: number) {
  const walked = new Set<number>();
  let turn: Promise<unknown> = Promise.resolve();
  const control = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://control");
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/ready") return answer(200, { ok: true });
    const part = Number(url.searchParams.get("part"));
    const parts = Number(url.searchParams.get("of"));
    if (req.method !== "POST" || url.pathname !== "/walk" || !(Number.isInteger(part) && part >= 1 && part <= parts))
      return answer(400, { message: "POST /walk?part=K&of=N with 1 <= K <= N" });
    const walk = turn.then(async () => {
      await ready;
      const result = await walkPart(part, parts);
      walked.add(part);
      if (walked.size === parts) result.failures.push(...(await breakTheDatabase()));
      return result;
    });
    turn = walk.catch(() => {});
    walk.then(
      (result) =>
        answer(200, { ok: result.failures.length === 0, report: report(result, `seed ${SEED + part - 1}, part ${part} of ${parts}`) }),
      (error: unknown) => answer(500, { ok: false, report: `the walk itself failed: ${String(error)}` }),
    );
  });
  control.listen(port, "127.0.0.1");
  process.on("SIGTERM", () => {
    control.close();
    void shutDown().finally(() => process.exit(0));
  });
}

if (SERVE_PORT) {
  markReady();
} else {
  let walk: TWalk = { sent: 0, failures: [], seconds: 0 };
  try {
    walk = await walkPart(1, 1);
    walk.failures.push(...(await breakTheDatabase()));
  } finally {
    await shutDown();
  }
  const text = report(walk, `seed ${SEED}`);
  if (walk.failures.length) {
    console.error(text);
    process.exit(1);
  }
  console.log(text);
  process.exit(0);
}
