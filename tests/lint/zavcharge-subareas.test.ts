import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// ZavCharge's sub-areas call one another one way (docs/decisions/0048-zavcharge-sub-areas.md): chargers and
// statements above sessions, sessions above wallet and network, wallet above accounts. Tables are a layer of their
// own: any sub-area may read another's (joins across contexts stay allowed, docs/decisions/0009-one-direction-for-imports.md),
// a schema file imports only other schema files, for its foreign keys, and those imports point one way too. The use
// cases at server/zavcharge/'s top, which span sub-areas, are imported by none of them.

const ZAVCHARGE = join(process.cwd(), "server", "zavcharge");
const SERVER = join(process.cwd(), "server");

export type TImport = { from: string; to: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** A module under server/zavcharge as its sub-area ("sessions"), "top" for the files above them, or null outside. */
export function subAreaOf(path: string): string | null {
  const parts = relative(ZAVCHARGE, path).split("/");
  if (parts[0] === ".." || parts[0] === "") return null;
  return parts.length === 1 ? "top" : parts[0]!;
}

const isSchema = (path: string) => /(^|\/)schema(\.ts)?$/.test(path);

/** The static imports of one file that land in server/zavcharge, as absolute module paths. */
export function zavchargeImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|import\s*\(\s*"([^"]+)"\s*\)/g)) {
    const specifier = (m[1] ?? m[2])!;
    const target = specifier.startsWith("@server/")
      ? join(SERVER, specifier.slice(8))
      : specifier.startsWith(".")
        ? join(dirname(file), specifier)
        : null;
    if (target && subAreaOf(target) !== null) found.push(target);
  }
  return found;
}

/** Edges between sub-areas: code to code (schema files aside), and schema to schema. */
export function subAreaEdges(files: { path: string; source: string }[]): { code: TImport[]; schema: TImport[]; wrong: string[] } {
  const code: TImport[] = [];
  const schema: TImport[] = [];
  const wrong: string[] = [];
  for (const { path, source } of files) {
    const from = subAreaOf(path)!;
    for (const target of zavchargeImports(path, source)) {
      const to = subAreaOf(target)!;
      const where = `${relative(ZAVCHARGE, path)} -> ${relative(ZAVCHARGE, target)}`;
      if (isSchema(path)) {
        if (!isSchema(target)) wrong.push(`${where}: a schema file imports only schema files`);
        else if (to !== from) schema.push({ from, to });
      } else if (to === "top" && from !== "top") wrong.push(`${where}: no sub-area imports server/zavcharge's top files`);
      else if (to === "top" && isSchema(target)) wrong.push(`${where}: inside ZavCharge, import the sub-area's schema, not the barrel`);
      else if (!isSchema(target) && to !== from) code.push({ from, to });
    }
  }
  return { code, schema, wrong };
}

/** A cycle in the graph, as "a -> b -> a", or null. */
export function cycleIn(edges: TImport[]): string | null {
  const next = new Map<string, Set<string>>();
  for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node].join(" -> ");
    if (done.has(node)) return null;
    path.push(node);
    for (const to of [...(next.get(node) ?? [])].sort()) {
      const found = visit(to);
      if (found) return found;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of [...next.keys()].sort()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

describe("ZavCharge's sub-areas import one another one way", () => {
  const files = sourceFiles(ZAVCHARGE).map((path) => ({ path, source: readFileSync(path, "utf8") }));
  const { code, schema, wrong } = subAreaEdges(files);

  it("finds no cycle between sub-areas, in code or in schema files", () => {
    expect(files.length).toBeGreaterThan(80);
    expect(code.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
    expect(cycleIn(code)).toBeNull();
    expect(cycleIn(schema)).toBeNull();
  });

  it("would catch one", () => {
    const at = (path: string, source: string) => ({ path: join(ZAVCHARGE, path), source });
    const found = subAreaEdges([
      at("accounts/example.ts", 'import { toLive } from "../sessions/live-session";\n'),
      at("sessions/example.ts", 'import { hashPin } from "@server/zavcharge/accounts/pin-hash";\n'),
      at("wallet/example.ts", 'import { forgetDriver } from "../forget-driver";\n'),
      at("network/schema.ts", 'import { chargers } from "../chargers/schema";\n'),
      at("chargers/schema.ts", 'import { chargingStations } from "../network/schema";\n'),
    ]);
    expect(cycleIn(found.code)).toBe("accounts -> sessions -> accounts");
    expect(cycleIn(found.schema)).toBe("chargers -> network -> chargers");
    expect(found.wrong).toEqual(["wallet/example.ts -> forget-driver: no sub-area imports server/zavcharge's top files"]);
    expect(
      cycleIn([
        { from: "sessions", to: "wallet" },
        { from: "wallet", to: "accounts" },
      ]),
    ).toBeNull();
  });
});
