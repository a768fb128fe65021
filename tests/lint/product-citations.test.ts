import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// The product's rules live in docs/product/, in our own words: code and those pages cite docs/product/ (and
// docs/decisions/ for why), never the outside document the product was first described in. Decisions are records of
// their day and may name it.

const ROOT = process.cwd();
const CODE = ["app", "server", "domain", "clients", "scripts", "bench", "tests"];
const SKIP = new Set(["node_modules", ".react-router", "build", "fixtures"]);

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** The lines of a text that cite the outside specification ("SPEC 3", "SPEC's rule", "as SPEC says"). */
export function specCitations(text: string): string[] {
  return text.split("\n").filter((line) => /\bSPEC\b(?!_)/.test(line));
}

describe("product rules are cited from docs/product/", () => {
  it("finds a citation, not a word that merely contains the letters", () => {
    expect(specCitations("// SPEC 3's sync_event\nconst SPECIAL = 1;\nconst x = SPEC_VERSION;\n// as SPEC says")).toEqual([
      "// SPEC 3's sync_event",
      "// as SPEC says",
    ]);
  });

  it("no code, product page, guide or README cites SPEC", () => {
    const sources = [
      ...CODE.flatMap((dir) => files(join(ROOT, dir), /\.(ts|tsx|mjs|js)$/)),
      ...files(join(ROOT, "docs"), /\.md$/).filter((path) => !path.includes(`${join("docs", "decisions")}`)),
      join(ROOT, "README.md"),
    ].filter((path) => !path.endsWith("product-citations.test.ts"));
    const cited = sources.flatMap((path) =>
      specCitations(readFileSync(path, "utf8")).map((line) => `${relative(ROOT, path)}: ${line.trim()}`),
    );
    expect(cited).toEqual([]);
  });
});
