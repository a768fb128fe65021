// npm run deploy:rolling -- --build <folder> [--port 3000] [--release <name>] [--ready-seconds 180]
//
// Replaces the instances of a running `npm run cluster` (on --port) one by one with the build in <folder> (a project
// folder holding build/, server/db/migrations and package.json, its packages in node_modules), as
// docs/operations.md#rolling-deploy describes. For each instance in turn:
//   1. drain: haproxy's runtime API sets its server to drain: no new requests go there, those under way finish;
//   2. stop: the cluster sends it SIGTERM: it finishes what it has and closes its chargers' and browsers' sockets
//      with the "reconnect" close code, so they come back through haproxy to the other instances;
//   3. start: the cluster starts the new build on the same port (the first new instance applies its migrations while
//      the old ones serve: they must be expand steps, docs/decisions/0053-expand-contract-migrations.md);
//   4. wait for its /ready, set its server back to ready in haproxy, wait until haproxy's checks see it up; next.
// Before anything, the migrations the new build brings are checked against the expand/contract rules: a release
// that drops or renames what the running one reads is refused (it needs all instances stopped, or a contract step).
// Exits 1, saying where it stopped, if an instance does not come up: the others keep serving; run it again with the
// previous build's folder to roll back.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { expandContractFindings } from "./expand-contract";

const { values: args } = parseArgs({
  options: {
    build: { type: "string" },
    port: { type: "string", default: process.env.PORT ?? "3000" },
    release: { type: "string" },
    "ready-seconds": { type: "string", default: "180" },
  },
});
const PORT = Number(args.port);
const READY_MS = Number(args["ready-seconds"]) * 1000;
const started = Date.now();
const say = (message: string) => console.log(`[deploy ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function fail(message: string): never {
  console.error(`deploy:rolling: ${message}`);
  process.exit(1);
}

if (!args.build) fail("--build <folder> names the new build (a project folder with build/main/main.js).");
const dir = resolve(args.build);
if (!existsSync(join(dir, "build/main/main.js"))) fail(`no build in ${dir}: run npm run build there first.`);
if (!existsSync(join(dir, "server/db/migrations"))) fail(`${dir} has no server/db/migrations.`);
if (!Number.isInteger(PORT) || !(READY_MS > 0)) fail("--port is the cluster's port, --ready-seconds a number.");
const release = args.release ?? basename(dir);
const runDir = join(tmpdir(), `zavolah-cluster-${PORT}`);

/** One line to a Unix socket; the answer until it closes (haproxy) or up to the first newline (the cluster). */
function ask(path: string, line: string, untilNewline: boolean, timeoutMs = 10_000): Promise<string> {
  return new Promise((done, refuse) => {
    const socket = connect(path);
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      refuse(new Error(`no answer on ${path} to ${line.trim()}`));
    }, timeoutMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(line));
    socket.on("data", (chunk: string) => {
      answer += chunk;
      if (untilNewline && answer.includes("\n")) socket.end();
    });
    socket.on("error", (error) => (clearTimeout(timer), refuse(error)));
    socket.on("close", () => (clearTimeout(timer), done(answer)));
  });
}

type TInstance = { instance: number; server: string; port: number; pid: number | null; running: boolean; dir: string };
type TStatus = { haproxySocket: string; backend: string; instances: TInstance[] };

async function cluster<T>(command: object, timeoutMs?: number): Promise<T> {
  const answer = JSON.parse(await ask(join(runDir, "control.sock"), `${JSON.stringify(command)}\n`, true, timeoutMs)) as {
    ok: boolean;
    error?: string;
  } & T;
  if (!answer.ok) throw new Error(answer.error);
  return answer;
}

const status = await cluster<TStatus>({ command: "status" }).catch((error: Error) =>
  fail(`no cluster on port ${PORT} (${error.message}): start it with npm run cluster -- --port ${PORT}.`),
);
const haproxy = async (command: string) => {
  const answer = (await ask(status.haproxySocket, `${command}\n`, false)).trim();
  // Commands that change something answer nothing when they succeed.
  if (!command.startsWith("show") && answer) throw new Error(`haproxy: ${command}: ${answer}`);
  return answer;
};
/** haproxy's view of each server of the backend: "UP", "DOWN", "DRAIN", "MAINT", "UP 1/2"... */
async function serverStates(): Promise<Map<string, string>> {
  const [header, ...lines] = (await haproxy("show stat")).split("\n");
  const columns = header!.replace(/^#\s*/, "").split(",");
  const [px, sv, st] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
  return new Map(
    lines
      .map((l) => l.split(","))
      .filter((f) => f[px!] === status.backend && f[sv!] !== "BACKEND")
      .map((f) => [f[sv!]!, f[st!]!]),
  );
}
async function until(what: string, deadlineMs: number, check: () => Promise<boolean>) {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${deadlineMs / 1000} s`);
}

// The migrations the new build brings, beyond those of the build each instance runs now.
const running = new Set(status.instances.flatMap((i) => readdirSync(join(i.dir, "server/db/migrations"))));
const added = readdirSync(join(dir, "server/db/migrations")).filter((f) => f.endsWith(".sql") && !running.has(f));
const findings = added.flatMap((f) =>
  expandContractFindings(f, readFileSync(join(dir, "server/db/migrations", f), "utf8")).map((x) => `${x.file}: ${x.rule}: ${x.statement}`),
);
if (findings.length > 0)
  fail(
    `the new build's migrations would break the instances still running the old one (docs/decisions/0053-expand-contract-migrations.md):\n  ${findings.join("\n  ")}`,
  );
// Instances haproxy does not send to (down, or left drained by a deploy that stopped) go first: replacing them costs
// nobody anything, and it is how a failed deploy is rolled back.
const states = await serverStates();
const order = [...status.instances].sort((a, b) => Number(states.get(a.server) === "UP") - Number(states.get(b.server) === "UP"));
if (status.instances.length === 1) say("one instance only: the site is away while it is replaced");
say(
  `${status.instances.length} instance(s) to replace with ${dir} (release ${release}; ${added.length} new migration(s)${added.length ? `: ${added.join(", ")}` : ""})`,
);

const report: { server: string; oldPid: number | null; pid: number; seconds: number }[] = [];
for (const instance of order) {
  const began = Date.now();
  const where = `${status.backend}/${instance.server}`;
  try {
    // Never drain the last instance serving.
    const others = [...(await serverStates())].filter(([server, state]) => server !== instance.server && state === "UP");
    if (others.length === 0 && status.instances.length > 1)
      throw new Error(`no other instance is up in haproxy: draining ${instance.server} would leave nobody serving`);
    await haproxy(`set server ${where} state drain`);
    await until(
      `${instance.server} draining in haproxy`,
      10_000,
      async () => !/^UP/.test((await serverStates()).get(instance.server) ?? "UP"),
    );
    say(`${instance.server} (port ${instance.port}) drained: haproxy sends it nothing new; stopping it`);
    const replaced = await cluster<{ oldPid: number | null; pid: number; stoppedMs: number }>(
      { command: "replace", instance: instance.instance, dir, release },
      90_000,
    );
    say(`${instance.server}: pid ${replaced.oldPid} stopped in ${(replaced.stoppedMs / 1000).toFixed(1)} s; pid ${replaced.pid} starting`);
    await until(
      `${instance.server}'s /ready`,
      READY_MS,
      async () => (await fetch(`http://127.0.0.1:${instance.port}/ready`, { signal: AbortSignal.timeout(5000) })).ok,
    );
    await haproxy(`set server ${where} state ready`);
    await until(`${instance.server} up in haproxy`, 60_000, async () => (await serverStates()).get(instance.server) === "UP");
    const seconds = (Date.now() - began) / 1000;
    report.push({ server: instance.server, oldPid: replaced.oldPid, pid: replaced.pid, seconds });
    say(`${instance.server} runs the new build and is back in haproxy (${seconds.toFixed(1)} s)`);
  } catch (error) {
    fail(
      `stopped at ${instance.server}: ${(error as Error).message}. ${report.length} of ${status.instances.length} replaced; haproxy leaves ${instance.server} drained until \`set server ${where} state ready\`. Roll back by running this again with the previous build's folder.`,
    );
  }
}
const seconds = (Date.now() - started) / 1000;
say(`done: ${report.length} instance(s) replaced in ${seconds.toFixed(1)} s`);
console.log(`DEPLOY_DONE ${JSON.stringify({ seconds, release, instances: report })}`);
