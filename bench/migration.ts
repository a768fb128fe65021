// npm run bench:migration
// The data migration of 10,000 records of one kind (docs/product/data-migration.md): the dry run, then the import in
// batches as the import job does, then the same file again (all unchanged), for customers and for products, on an
// in-memory PGlite and on PostgreSQL (DATABASE_URL, or the local server if one answers). A report, not a test: it
// prints the figures and exits 0.
import { guessMapping, type TMigrationKind } from "../domain/migration/migration";
import { setDbHandle, type DbHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { onBothDatabases } from "./on-both-databases";
import { checkMigrationRun } from "../server/migration/check-migration-run";
import { getMigrationProgress, getMigrationRun } from "../server/migration/get-migration-run";
import { runMigrations } from "../server/migration/run-migrations";
import { startMigrationRun } from "../server/migration/start-migration-run";
import { uploadMigrationFile } from "../server/migration/upload-migration-file";
import { makeUser } from "../tests/support/store-fixtures";

const ROWS = Number(process.env.BENCH_MIGRATION_ROWS ?? 10_000);
const FIRST = ["Ngozi", "Bayo", "Chinedu", "Aisha", "Emeka", "Funke", "Ibrahim", "Kemi", "Tunde", "Zainab"];
const LAST = ["Okafor", "Adeyemi", "Obi", "Bello", "Eze", "Lawal", "Musa", "Alabi", "Bakare", "Sani"];

const FILES: Record<"customers" | "products", () => string> = {
  customers: () => {
    const lines = ["Customer ID,Name,Email,Phone,Registered"];
    for (let i = 0; i < ROWS; i++)
      lines.push(
        `C${i},${FIRST[i % 10]} ${LAST[((i / 10) % 10) | 0]},bench.${i}@example.ng,0803${String(1_000_000 + (i % 1_000_000)).slice(1)}0,25/11/2024 14:30`,
      );
    return lines.join("\r\n");
  },
  products: () => {
    const lines = ["SKU,Name,Category,Price,Stock"];
    for (let i = 0; i < ROWS; i++) lines.push(`BENCH-${i},Solar lantern model ${i},Lighting,"12,500.00",${i % 50}`);
    return lines.join("\r\n");
  },
};

async function once(admin: Awaited<ReturnType<typeof makeUser>>, kind: TMigrationKind, text: string) {
  let t = performance.now();
  const uploaded = await uploadMigrationFile(admin, { kind, fileName: `${kind}.csv`, text });
  if (!uploaded.ok) throw uploaded.error;
  const run = (await getMigrationRun(uploaded.runId))!;
  const checked = await checkMigrationRun(admin, uploaded.runId, guessMapping(kind, run.header));
  if (!checked.ok) throw checked.error;
  const dry = performance.now() - t;
  await startMigrationRun(admin, uploaded.runId);
  t = performance.now();
  await runMigrations();
  const imported = performance.now() - t;
  const progress = (await getMigrationProgress(uploaded.runId))!;
  if (progress.processed !== ROWS) throw new Error(`imported ${progress.processed} of ${ROWS}`);
  return { dry, imported, created: progress.created, unchanged: progress.unchanged };
}

async function run(label: string, handle: DbHandle): Promise<void> {
  setDbHandle(handle);
  await migrateDatabase(handle);
  const admin = await makeUser("admin", "Bench Admin");
  for (const kind of ["customers", "products"] as const) {
    const text = FILES[kind]();
    const first = await once(admin, kind, text);
    const again = await once(admin, kind, text);
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${label.padEnd(10)} ${kind.padEnd(9)} dry run ${s(first.dry)}, import ${s(first.imported)} (${Math.round(ROWS / (first.imported / 1000))} records/s, ${first.created} created); ` +
        `same file again: dry run ${s(again.dry)}, import ${s(again.imported)} (${again.unchanged} unchanged)`,
    );
  }
}

async function main() {
  console.log(`Data migration of ${ROWS.toLocaleString("en-NG")} records per kind`);
  await onBothDatabases(run);
}

await main();
process.exit(0);
