// npm run bench:crm-import
// The CRM import of a 10,000-row list (docs/product/crm.md#import): checking the file into its preview, then importing
// it in batches as the import job does, three lists of new people and then one list of people already there (all
// merged), on an in-memory PGlite and on PostgreSQL (DATABASE_URL, or the local server if one answers). Medians of
// three. A report, not a test: it prints the figures and exits 0.
import { getCrmImportProgress } from "../server/crm/get-crm-import";
import { prepareCrmImport } from "../server/crm/prepare-crm-import";
import { runCrmImports } from "../server/crm/run-crm-imports";
import { startCrmImport } from "../server/crm/start-crm-import";
import { setDbHandle, type DbHandle } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { onBothDatabases } from "./on-both-databases";
import { makeUser } from "../tests/support/store-fixtures";

const ROWS = Number(process.env.BENCH_CRM_ROWS ?? 10_000);
const FIRST = ["Ngozi", "Bayo", "Chinedu", "Aisha", "Emeka", "Funke", "Ibrahim", "Kemi", "Tunde", "Zainab"];
const LAST = ["Okafor", "Adeyemi", "Obi", "Bello", "Eze", "Lawal", "Musa", "Alabi", "Bakare", "Sani"];

function list(prefix: string): string {
  const lines = ["Name,Email,Phone,Tags"];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `${FIRST[i % 10]} ${LAST[((i / 10) % 10) | 0]},${prefix}.${i}@example.ng,0803${String(1_000_000 + (i % 1_000_000)).slice(1)}0,"lagos, fair"`,
    );
  return lines.join("\r\n");
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function importOnce(
  staff: Awaited<ReturnType<typeof makeUser>>,
  text: string,
): Promise<{ prepare: number; run: number; created: number }> {
  let t = performance.now();
  const prepared = await prepareCrmImport(staff, { fileName: "bench.csv", text, consent: false, tags: ["bench"] });
  if (!prepared.ok) throw prepared.error;
  const prepare = performance.now() - t;
  await startCrmImport(staff, prepared.importId);
  t = performance.now();
  await runCrmImports();
  const run = performance.now() - t;
  const progress = await getCrmImportProgress(prepared.importId);
  if (progress?.processed !== ROWS) throw new Error(`imported ${progress?.processed} of ${ROWS}`);
  return { prepare, run, created: progress.created };
}

async function run(label: string, handle: DbHandle): Promise<void> {
  setDbHandle(handle);
  await migrateDatabase(handle);
  const staff = await makeUser("staff", "Bench Staff");
  const fresh = [];
  for (let n = 0; n < 3; n++) fresh.push(await importOnce(staff, list(`run${n}`)));
  const again = await importOnce(staff, list("run0"));
  const prep = median(fresh.map((f) => f.prepare));
  const imp = median(fresh.map((f) => f.run));
  console.log(
    `${label.padEnd(10)} check ${(prep / 1000).toFixed(2)} s, import ${(imp / 1000).toFixed(2)} s (${Math.round(ROWS / (imp / 1000))} rows/s, ${fresh[0]!.created} new); ` +
      `same list again ${(again.run / 1000).toFixed(2)} s (${again.created} new, all merged)`,
  );
}

async function main() {
  console.log(`CRM import of ${ROWS.toLocaleString("en-NG")} rows, medians of 3`);
  await onBothDatabases(run);
}

await main();
process.exit(0);
