import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROOF_MIGRATION_SQL } from "../../scripts/deploy-proof-release";
import { checkMigrationsFolder, expandContractFindings, GRANDFATHERED_UP_TO } from "../../scripts/expand-contract";

// Migrations follow expand/contract (docs/decisions/0053-expand-contract-migrations.md): while a rolling deploy
// (docs/operations.md#rolling-deploy) replaces the instances one by one, the previous release reads the schema the new
// one migrated to, so a migration may not drop, rename or narrow what it reads unless it is a marked contract step.

const MIGRATIONS = join(process.cwd(), "server/db/migrations");

describe("expand/contract migrations", () => {
  it("no migration after the grandfathered ones drops, renames or narrows anything", () => {
    expect(checkMigrationsFolder(MIGRATIONS)).toEqual([]);
  });

  it("grandfathers only the migrations written before the rule", () => {
    // 0000-0044 shipped when a deploy stopped every instance before starting the next build (no two releases on one
    // schema); 0004, 0005, 0006 and 0009 drop or rename. Raising this number would excuse a new migration.
    expect(GRANDFATHERED_UP_TO).toBe(44);
    expect(checkMigrationsFolder(MIGRATIONS, -1).map((f) => f.file)).toEqual(
      expect.arrayContaining(["0004_store.sql", "0005_messaging.sql", "0006_drop_placeholder_courses.sql"]),
    );
  });

  const fixtures = mkdtempSync(join(tmpdir(), "zavolah-expand-contract-"));
  afterAll(() => rmSync(fixtures, { recursive: true, force: true }));
  const rulesOf = (file: string, sql: string) => {
    writeFileSync(join(fixtures, file), sql);
    return expandContractFindings(file, sql).map((f) => f.rule);
  };

  it("refuses a new migration that drops, renames, retypes or narrows what the previous release reads", () => {
    expect(rulesOf("0045_drop.sql", 'ALTER TABLE "orders" DROP COLUMN "notes";')).toEqual(["drops a column"]);
    expect(rulesOf("0046_drop_table.sql", 'DROP TABLE "wishlists" CASCADE;')).toEqual(["drops a table, view or type"]);
    expect(rulesOf("0047_rename.sql", 'ALTER TABLE "orders" RENAME COLUMN "notes" TO "buyer_notes";')).toEqual([
      "renames a table, column or constraint",
    ]);
    expect(rulesOf("0048_type.sql", 'ALTER TABLE "orders" ALTER COLUMN "total_kobo" SET DATA TYPE numeric;')).toEqual([
      "changes a column's type",
    ]);
    expect(rulesOf("0049_not_null.sql", 'ALTER TABLE "orders" ALTER COLUMN "phone" SET NOT NULL;')).toEqual([
      "makes an existing column NOT NULL",
    ]);
    expect(rulesOf("0050_add_required.sql", 'ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;')).toEqual([
      "adds a NOT NULL column without a default to an existing table",
    ]);
    // The folder check finds them as it would in server/db/migrations.
    expect(checkMigrationsFolder(fixtures).map((f) => f.file)).toEqual([
      "0045_drop.sql",
      "0046_drop_table.sql",
      "0047_rename.sql",
      "0048_type.sql",
      "0049_not_null.sql",
      "0050_add_required.sql",
    ]);
  });

  it("lets expand steps through, and a contract step marked with the earlier migration that stopped reading it", () => {
    const expand = [
      'CREATE TABLE "order_notes" ("id" serial PRIMARY KEY NOT NULL, "order_id" uuid NOT NULL, "body" text NOT NULL);',
      'ALTER TABLE "order_notes" ADD COLUMN "kind" text NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "channel" text;',
      'ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT \'web\' NOT NULL;',
      'CREATE INDEX "orders_channel_idx" ON "orders" ("channel");',
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK ("orders"."channel" IS NOT NULL OR "orders"."source" = \'web\');',
    ].join("--> statement-breakpoint\n");
    expect(rulesOf("0051_expand.sql", expand)).toEqual([]);
    const contract = '-- contract: orders.notes no longer read since 0047\nALTER TABLE "orders" DROP COLUMN "notes";';
    expect(rulesOf("0052_contract.sql", contract)).toEqual([]);
    // The mark must name an earlier migration: a release that stops reading a column cannot also drop it.
    const tooSoon = '-- contract: orders.notes no longer read since 0053\nALTER TABLE "orders" DROP COLUMN "notes";';
    expect(rulesOf("0053_contract.sql", tooSoon)).toEqual(["drops a column"]);
    // A comment or a string that mentions a drop is not one.
    expect(rulesOf("0054_comment.sql", "-- we never DROP COLUMN here\nCOMMENT ON TABLE \"orders\" IS 'rename me later';")).toEqual([]);
  });

  it("the deploy proof's migration is an expand step", () => {
    expect(expandContractFindings("0045_deploy_proof.sql", PROOF_MIGRATION_SQL)).toEqual([]);
  });
});
