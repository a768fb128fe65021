import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A context writes only its own tables (docs/decisions/0009-one-direction-for-imports.md): an insert, update or
// delete of a table imported from another context's schema fails here. Other contexts call the owner's
// exported functions instead (e.g. server/catalog/set-variant-on-hand.ts). server/db (migrations and the
// demo seed) is the one place that writes every context's tables.

const SERVER = join(process.cwd(), "server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "db" && dir === SERVER ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Writes in one file to tables of another context, as "file: insert into table (owner)". */
export function foreignWrites(file: string, source: string): string[] {
  const context = relative(SERVER, file).split("/")[0];
  const owner = new Map<string, string>();
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"((?:\.\.\/)+)([a-z-]+)\/(?:[a-z-]+\/)?schema"/g)) {
    for (const name of m[1]!.split(",")) {
      const table = name.replace(/\btype\b/, "").trim();
      if (table) owner.set(table, m[3]!);
    }
  }
  const found: string[] = [];
  for (const m of source.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = m[2]!;
    const other = owner.get(table);
    if (other && other !== context) found.push(`${relative(SERVER, file)}: ${m[1]} ${table} (${other})`);
  }
  return found;
}

describe("a context writes only its own tables", () => {
  it("finds no insert, update or delete of another context's table under server/", () => {
    const files = sourceFiles(SERVER);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => foreignWrites(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("would catch one", () => {
    const source = 'import { productVariants } from "../catalog/schema";\nawait tx.update(productVariants).set({ onHand: 1 });\n';
    expect(foreignWrites(join(SERVER, "inventory", "example.ts"), source)).toEqual([
      "inventory/example.ts: update productVariants (catalog)",
    ]);
    expect(foreignWrites(join(SERVER, "catalog", "example.ts"), source)).toEqual([]);
  });
});
