// Checks the browser build after `react-router build`: no zod and no server-only code in any chunk the
// browser can load, and the home page's first-load JavaScript within its budget. Prints each page's
// first-load JS (gzipped). Exit 1 names what broke. Run by `npm test`; alone: `node scripts/check-client-bundle.mjs`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const CLIENT = "build/client";
const HOME_BUDGET_KB = 130;
// Strings that only appear when these modules are bundled (minifiers keep property names and messages).
const FORBIDDEN = [
  { name: "zod", pattern: /\b_zod\b|ZodError|\$ZodType/ },
  { name: "drizzle-orm", pattern: /drizzle-orm|drizzle:entityKind|DrizzleError|\bpgTable\b/ },
  { name: "prom-client", pattern: /prom-client|process\.hrtime/ },
  { name: "a Node built-in", pattern: /from\s*["']node:|require\(["']node:/ },
  { name: "server code", pattern: /@server\/|BETTER_AUTH_SECRET|DATABASE_URL/ },
];

const assets = join(CLIENT, "assets");
const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No build/client/assets/manifest-*.js: run `react-router build` first.");
  process.exit(1);
}
const source = readFileSync(join(assets, manifestFile), "utf8");
const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));

const problems = [];
for (const file of readdirSync(assets).filter((f) => f.endsWith(".js"))) {
  const text = readFileSync(join(assets, file), "utf8");
  for (const { name, pattern } of FORBIDDEN) if (pattern.test(text)) problems.push(`${file} contains ${name}`);
}

const gzBytes = new Map();
const gz = (path) => {
  if (!gzBytes.has(path)) gzBytes.set(path, gzipSync(readFileSync(join(CLIENT, path)), { level: 9 }).length);
  return gzBytes.get(path);
};
// With lazy route discovery (React Router's default, which react-router.config.ts keeps) a page names only its own
// routes inline and the browser never loads the route manifest file; with `routeDiscovery: { mode: "initial" }` every
// page preloads and imports it, so it counts.
const discoversLazily = !/mode:\s*["']initial["']/.test(readFileSync("react-router.config.ts", "utf8"));

/** The scripts a first visit to this route downloads: the entry, then each route module of its chain. */
function firstLoad(routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(manifest.routes[id]);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  if (!discoversLazily) files.add(`/assets/${manifestFile}`);
  for (const route of chain) for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  return [...files].reduce((sum, f) => sum + gz(f), 0);
}

const pages = Object.values(manifest.routes).filter((r) => r.hasDefaultExport && r.id !== "root");
const rows = pages.map((r) => ({ path: r.index ? "/" : `/${r.path ?? ""}`.replace(/^\/+/, "/"), kb: firstLoad(r.id) / 1024 }));
rows.sort((a, b) => b.kb - a.kb);
console.log("First-load JS per page (gzipped):");
for (const { path, kb } of rows) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${path}`);

const home = rows.find((r) => r.path === "/");
if (!home) problems.push("no home route in the manifest");
else if (home.kb > HOME_BUDGET_KB)
  problems.push(`home first-load JS is ${home.kb.toFixed(1)} KB gzipped; the budget is ${HOME_BUDGET_KB} KB`);

if (problems.length) {
  console.error(`\nClient bundle check failed:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`\nClient bundle check passed: no zod or server code in the browser; home ${home.kb.toFixed(1)} KB <= ${HOME_BUDGET_KB} KB.`);
