import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

// The tables declared in code are the tables the migrations create: a column helper or a reshuffle of a schema file
// must not change a name, a type, a default, an index or a foreign key without a migration that says so. drizzle-kit
// compares the code's schema with the snapshot the last migration left (what `npm run db:generate` would write).
const migrations = new URL("./migrations/", import.meta.url);

function lastSnapshot() {
  const journal = JSON.parse(readFileSync(fileURLToPath(new URL("meta/_journal.json", migrations)), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const last = journal.entries.at(-1)!;
  const file = new URL(`meta/${String(last.idx).padStart(4, "0")}_snapshot.json`, migrations);
  return { tag: last.tag, snapshot: JSON.parse(readFileSync(fileURLToPath(file), "utf8")) };
}

describe("the schema in code", () => {
  it("needs no migration beyond the last one", async () => {
    const { tag, snapshot } = lastSnapshot();
    const declared = generateDrizzleJson(schema as Record<string, unknown>, snapshot.id);
    const statements = await generateMigration(snapshot, declared);
    expect(statements, `schema differs from migration ${tag}`).toEqual([]);
  });
});
