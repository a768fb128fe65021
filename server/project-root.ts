import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (the one holding package.json), found the same way from the TypeScript sources (server/) and
 * from the compiled server (build/main/, docs/decisions/0033-compiled-server-in-production.md).
 */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("package.json not found above the server's code");
    dir = up;
  }
  return dir;
}
