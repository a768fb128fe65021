import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A refusal is an answer, never an exception (docs/decisions/0011-one-error-contract.md): use cases return it, from
// inside a transaction through inTransaction, and the pages and the API only translate it. Only a framework adapter
// (app/http/*.server.ts) may throw, and none throws a refusal today either.

const ROOT = process.cwd();
const SKIP = new Set(["node_modules", ".react-router", "build", "fixtures"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The lines that throw a refusal: a new AppError, or a result's error thrown on (`throw placed.error`). */
export function thrownRefusals(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => /\bthrow\s+new\s+AppError\b/.test(line) || /\bthrow\s+[\w.]+\.error\s*;/.test(line))
    .map((line) => line.trim());
}

const isFrameworkAdapter = (path: string) => /^app\/http\/[^/]+\.server\.ts$/.test(path);

describe("refusals are returned, never thrown", () => {
  it("finds a thrown AppError or a thrown result's error, and nothing else", () => {
    const text = [
      'if (!row) throw new AppError("not_found", "No such order");',
      "if (!placed.ok) throw placed.error;",
      'throw new Error("the plan is missing");',
      'return refuse("conflict", "Already paid");',
      "throw response;",
    ].join("\n");
    expect(thrownRefusals(text)).toEqual([
      'if (!row) throw new AppError("not_found", "No such order");',
      "if (!placed.ok) throw placed.error;",
    ]);
  });

  it("no module of app/, server/ or domain/ outside the framework adapters throws one", () => {
    const found = ["app", "server", "domain"]
      .flatMap((dir) => sources(join(ROOT, dir)))
      .map((path) => relative(ROOT, path).split("\\").join("/"))
      .filter((path) => !isFrameworkAdapter(path))
      .flatMap((path) => thrownRefusals(readFileSync(join(ROOT, path), "utf8")).map((line) => `${path}: ${line}`));
    expect(found).toEqual([]);
  });
});
