import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// React Router's production build on a production server (server/react-router-production.mjs, docs/performance.md).

const root = fileURLToPath(new URL("..", import.meta.url));

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

const whereReactRouterIs = ["--input-type=module", "-e", "console.log(import.meta.resolve('react-router'))"];
const HOOK = ["--import", "./server/react-router-production.mjs"];

describe("React Router's build on the server", () => {
  it("is the production build with NODE_ENV=production and the hook, and the development build otherwise", async () => {
    expect((await run([...HOOK, ...whereReactRouterIs], { NODE_ENV: "production" })).output).toContain(
      "/node_modules/react-router/dist/production/index.mjs",
    );
    expect((await run([...HOOK, ...whereReactRouterIs], { NODE_ENV: "development" })).output).toContain("/dist/development/");
    // Without the hook, Node follows the package's exports to the development build.
    expect((await run(whereReactRouterIs, { NODE_ENV: "production" })).output).toContain("/dist/development/");
  });

  it("a production server started without it refuses to start, and says how", async () => {
    const { code, output } = await run(["--import", "tsx", "server/main.ts"], { NODE_ENV: "production", DATA_DIR: "/nonexistent" });
    expect(code).toBe(1);
    expect(output).toContain("React Router's development build is loaded in production");
  }, 30_000);
});
