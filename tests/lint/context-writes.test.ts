import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// A context writes only its own tables (docs/decisions/0009-one-direction-for-imports.md): an insert, update or
// delete of a table imported from another context's schema fails here. Other contexts call the owner's
// exported functions instead (e.g. server/catalog/set-variant-on-hand.ts). server/db (migrations and the
// demo seed) is the one place that writes every context's tables. ZavCharge's sub-areas count as contexts
// (docs/decisions/0048-zavcharge-sub-areas.md).

const SERVER = join(process.cwd(), "server");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "db" && dir === SERVER ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/**
 * Contexts whose sub-areas are contexts of their own: each folder under them owns its schema.ts and alone writes it
 * (ZavCharge: docs/decisions/0048-zavcharge-sub-areas.md). Their top folder's files belong to no sub-area.
 */
const SPLIT_CONTEXTS = new Set(["zavcharge"]);

/** The context a file under server/ belongs to: its first folder, or its first two in a split context. */
export function contextOf(path: string): string {
  const [first, second, ...rest] = relative(SERVER, path).split("/");
  return SPLIT_CONTEXTS.has(first!) && rest.length > 0 ? `${first}/${second}` : first!;
}

/** Writes in one file to tables of another context, as "file: insert into table (owner)". */
export function foreignWrites(file: string, source: string): string[] {
  const context = contextOf(file);
  const owner = new Map<string, string>();
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"((?:\.{1,2}\/|@server\/)[^"]*)"/g)) {
    const specifier = m[2]!;
    if (!/(^|\/)schema$/.test(specifier)) continue;
    const schema = specifier.startsWith("@server/") ? join(SERVER, specifier.slice(8)) : join(dirname(file), specifier);
    if (relative(SERVER, schema).startsWith("..")) continue;
    for (const name of m[1]!.split(",")) {
      const table = name
        .replace(/\btype\b/, "")
        .split(/\bas\b/)
        .pop()!
        .trim();
      if (table) owner.set(table, contextOf(schema));
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

  it("would catch one between ZavCharge's sub-areas", () => {
    const source = 'import { zavchargeAccounts } from "../accounts/schema";\nawait tx.update(zavchargeAccounts).set({ balanceKobo: 1 });\n';
    expect(foreignWrites(join(SERVER, "zavcharge", "wallet", "example.ts"), source)).toEqual([
      "zavcharge/wallet/example.ts: update zavchargeAccounts (zavcharge/accounts)",
    ]);
    expect(foreignWrites(join(SERVER, "zavcharge", "accounts", "example.ts"), source)).toEqual([]);
    const nested = 'import { chargingSlots } from "../../network/schema";\nawait tx.update(chargingSlots).set({ status: "charging" });\n';
    expect(foreignWrites(join(SERVER, "zavcharge", "chargers", "ocpp", "example.ts"), nested)).toEqual([
      "zavcharge/chargers/ocpp/example.ts: update chargingSlots (zavcharge/network)",
    ]);
    const barrel = 'import { chargingSessions } from "../zavcharge/schema";\nawait tx.update(chargingSessions).set({ idTag: null });\n';
    expect(foreignWrites(join(SERVER, "privacy", "example.ts"), barrel)).toEqual([
      "privacy/example.ts: update chargingSessions (zavcharge)",
    ]);
  });
});
