import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Routes parse through the shared helpers (docs/decisions/0011-one-error-contract.md): `parseThen` in
// domain/errors/app-error.ts parses a form with the use case's schema and turns a failed parse, or an AppError the
// use case throws, into the one refusal every form shows; `parseRequestInput` in app/http/request-input.server.ts
// refuses a query or a JSON body that does not fit with a 400. A route that calls `.safeParse(` itself builds its own
// answer, so none may.

const ROUTES = join(process.cwd(), "app", "routes");

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** How many times a module's source calls `.safeParse(` (comments left out). */
export function handParses(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
  return code.match(/\.safeParse\(/g)?.length ?? 0;
}

describe("routes parse through parseThen", () => {
  it("counts the calls in code, not in comments", () => {
    expect(handParses(`const a = Z.safeParse(x); // Z.safeParse(y)\n/* z.safeParse(w) */ const b = q.safeParse(v);`)).toBe(2);
    expect(handParses(`await parseThen(ZForm, fields, [], run);`)).toBe(0);
  });

  it("finds no route module parsing by hand", () => {
    const byHand = routeModules(ROUTES).flatMap((file) => {
      const count = handParses(readFileSync(file, "utf8"));
      return count > 0
        ? [`${relative(ROUTES, file)}: ${count} .safeParse( calls (use parseThen, or parseRequestInput for a query or JSON)`]
        : [];
    });
    expect(byHand).toEqual([]);
  });
});
