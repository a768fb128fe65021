// Expand/contract (docs/decisions/0053-expand-contract-migrations.md): during a rolling deploy the previous release
// still serves while the new one has migrated, so a migration may only add what the previous release can ignore.
// These rules read the SQL of server/db/migrations; tests/lint/expand-contract.test.ts runs them over the folder and
// npm run deploy:rolling over the migrations a new build brings. A statement that drops, renames or narrows what an
// earlier release read is allowed only as a contract step, marked in the statement with
//   -- contract: <what> no longer read since <migration number>
// naming an earlier migration, one whose release already stopped reading it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The migrations written before the rule (0000-0044): each shipped with the code that read its new shape, when a
 * deploy stopped every instance before starting the new build, so no two releases ever ran on one schema. They are
 * history now; the rule holds from the next one on.
 */
export const GRANDFATHERED_UP_TO = 44;

export type TMigrationFinding = { file: string; statement: string; rule: string };

const RULES: { rule: string; test: (sql: string, createdHere: Set<string>) => boolean }[] = [
  { rule: "drops a table, view or type", test: (sql) => /\bdrop\s+(table|view|materialized\s+view|type|schema)\b/.test(sql) },
  { rule: "drops a column", test: (sql) => /\bdrop\s+column\b/.test(sql) },
  { rule: "renames a table, column or constraint", test: (sql) => /\brename\b/.test(sql) },
  { rule: "changes a column's type", test: (sql) => /\balter\s+column\s+\S+\s+(set\s+data\s+)?type\b/.test(sql) },
  { rule: "makes an existing column NOT NULL", test: (sql) => /\balter\s+column\s+\S+\s+set\s+not\s+null\b/.test(sql) },
  {
    rule: "adds a NOT NULL column without a default to an existing table",
    test: (sql, createdHere) => {
      const table = /^\s*alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?("?[\w.]+"?(?:\."?\w+"?)?)/.exec(sql)?.[1];
      if (!table || createdHere.has(bare(table))) return false;
      return sql
        .split(/,(?=\s*add\b)/)
        .some(
          (part) =>
            /\badd\s+(column\s+)?(?!constraint\b|primary\b|foreign\b|unique\b|check\b)/.test(part) &&
            /\bnot\s+null\b/.test(part) &&
            !/\b(default|generated)\b/.test(part),
        );
    },
  },
];

const bare = (name: string) => name.replace(/"/g, "").replace(/^public\./, "");

/** The number a migration file starts with (0045_x.sql: 45). */
export const migrationNumber = (file: string) => Number(/^(\d+)_/.exec(file)?.[1] ?? NaN);

/** What a migration's SQL does that the previous release may still depend on, statement by statement. */
export function expandContractFindings(file: string, source: string): TMigrationFinding[] {
  const number = migrationNumber(file);
  const statements = source.split(/-->\s*statement-breakpoint|;\s*\n/).filter((s) => s.trim());
  const code = (s: string) =>
    s
      .replace(/--[^\n]*/g, " ")
      .replace(/\/\*[\s\S]*?\*\//g, " ")
      .replace(/'(?:[^']|'')*'/g, "''")
      .toLowerCase();
  const createdHere = new Set(
    [...code(source).matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?("?[\w.]+"?(?:\."?\w+"?)?)/g)].map((m) => bare(m[1]!)),
  );
  const findings: TMigrationFinding[] = [];
  for (const statement of statements) {
    const sql = code(statement);
    const marked = /--\s*contract:\s*\S.*\bsince\s+(\d+)/i.exec(statement);
    if (marked && Number(marked[1]) < number) continue;
    for (const { rule, test } of RULES)
      if (test(sql, createdHere)) findings.push({ file, statement: statement.trim().replace(/\s+/g, " ").slice(0, 160), rule });
  }
  return findings;
}

/** The findings of every migration in `folder` numbered above `after` (the grandfathered ones by default). */
export function checkMigrationsFolder(folder: string, after = GRANDFATHERED_UP_TO): TMigrationFinding[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith(".sql") && migrationNumber(f) > after)
    .sort()
    .flatMap((f) => expandContractFindings(f, readFileSync(join(folder, f), "utf8")));
}
