// Compiles the process entry (server/main.ts and the server code it imports) to one JavaScript file,
// build/main/main.js, so production runs without a TypeScript loader (docs/decisions/0033-compiled-server-in-production.md).
// Packages stay in node_modules (imported at run time, as React Router's production hook expects). Run by `npm run build`.
import { build } from "esbuild";

const started = Date.now();
await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/main/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  // tsconfig.json's paths (@server, @domain, ~) and its JSX setting apply.
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
console.log(`compiled the server to build/main/main.js in ${Date.now() - started} ms`);
