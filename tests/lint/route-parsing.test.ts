import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Routes parse through the shared helper (docs/decisions/0011-one-error-contract.md): `parseThen` in
// domain/errors/app-error.ts parses a form with the use case's schema and turns a failed parse, or an AppError the
// use case throws, into the one refusal every form and API answer shows. A route that calls `.safeParse(` itself
// builds its own answer. The modules below still do (with how many calls); convert one and take it off the list.
// The list may only shrink: a new route, or a new call in a listed one, fails here.
const STILL_PARSING_BY_HAND: Record<string, number> = {
  "admin/blog.tsx": 1,
  "admin/mailbox.tsx": 1,
  "admin/migration.tsx": 1,
  "admin/settings.tsx": 1,
  "newsletter/subscribe.ts": 1,
  "orders/checkout.tsx": 1,
  "staff/academy-course.tsx": 3,
};

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

  it("finds no route parsing by hand beyond the list, and no listed route that no longer does", () => {
    const found: Record<string, number> = {};
    for (const file of routeModules(ROUTES)) {
      const count = handParses(readFileSync(file, "utf8"));
      if (count > 0) found[relative(ROUTES, file)] = count;
    }
    const grew = Object.entries(found)
      .filter(([module, count]) => count > (STILL_PARSING_BY_HAND[module] ?? 0))
      .map(
        ([module, count]) =>
          `${module}: ${count} .safeParse( calls (use parseThen from domain/errors/app-error.ts, or parseRequestInput for a query or JSON)`,
      );
    const done = Object.entries(STILL_PARSING_BY_HAND)
      .filter(([module, count]) => (found[module] ?? 0) < count)
      .map(([module]) => `${module}: fewer calls than listed; lower or remove its entry`);
    expect([...grew, ...done]).toEqual([]);
  });
});
