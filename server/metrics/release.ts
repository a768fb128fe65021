import { readFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "../env";

/**
 * The name of the build this process runs: RELEASE when the deploy sets it, else the commit the checkout is on (read
 * from .git, no git command needed), else "unknown".
 */
export function releaseName(root: string): string {
  if (env.RELEASE) return env.RELEASE;
  try {
    const head = readFileSync(join(root, ".git/HEAD"), "utf8").trim();
    if (!head.startsWith("ref: ")) return head.slice(0, 12);
    const ref = head.slice(5);
    try {
      return readFileSync(join(root, ".git", ref), "utf8")
        .trim()
        .slice(0, 12);
    } catch {
      const packed = readFileSync(join(root, ".git/packed-refs"), "utf8");
      const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
      return line ? line.slice(0, 12) : "unknown";
    }
  } catch {
    return "unknown";
  }
}
