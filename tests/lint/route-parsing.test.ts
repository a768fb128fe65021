import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Routes parse through the shared helpers (docs/decisions/0011-one-error-contract.md): `parseThen` in
// domain/errors/app-error.ts parses a form with the use case's schema and turns a failed parse, or an AppError the
// use case throws, into the one refusal every form shows; `parseRequestInput` in app/http/request-input.server.ts
// refuses a query or a JSON body that does not fit with a 400, and `readQuery` reads a list's filters through it. A
// route that calls `.safeParse(` or `.parse(` itself builds its own answer (or a 500), so none may.

const ROUTES = join(process.cwd(), "app", "routes");

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** How many times a module's source calls a schema's `.safeParse(` or `.parse(` (comments, JSON, dates and numbers left out). */
export function handParses(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
  return [...code.matchAll(/(\w*)\.(?:safeParse|parse)\(/g)].filter((m) => !["JSON", "Date", "Number"].includes(m[1]!)).length;
}

describe("routes parse through parseThen", () => {
  it("counts the calls in code, not in comments", () => {
    expect(handParses(`const a = Z.safeParse(x); // Z.safeParse(y)\n/* z.safeParse(w) */ const b = q.safeParse(v);`)).toBe(2);
    // A search filter parsed by hand is one too; reading JSON or a date is not.
    expect(handParses(`const f = ZFilters.parse(Object.fromEntries(url.searchParams)); const i = id("x").catch(null).parse(v);`)).toBe(2);
    expect(handParses(`const j = JSON.parse(text); const t = Date.parse(at); const n = Number.parseInt(s);`)).toBe(0);
    expect(handParses(`await parseThen(ZForm, fields, [], run);`)).toBe(0);
  });

  it("finds no route module parsing by hand", () => {
    const byHand = routeModules(ROUTES).flatMap((file) => {
      const count = handParses(readFileSync(file, "utf8"));
      return count > 0
        ? [
            `${relative(ROUTES, file)}: ${count} .parse( or .safeParse( calls (use parseThen, readQuery for filters, or parseRequestInput for JSON)`,
          ]
        : [];
    });
    expect(byHand).toEqual([]);
  });
});
