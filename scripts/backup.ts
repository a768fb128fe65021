// npm run backup (docs/operations.md#backups): one file in the backup folder with the database, the uploaded files and,
// on the embedded default, the signing secret. A running server on this data folder makes it; otherwise this process
// opens the database itself. Either way it is recorded like the daily backups, so the admin's backups page lists it.

// The steps are told in words below; the log says only what went wrong, unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= "warn";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const { askRunningServer, backUpNow } = await import("../server/backups/backup-control");
  const { openPglite, openPostgres, setDbHandle } = await import("../server/db/client");
  const { createBackup } = await import("../server/backups/create-backup");
  const { backupFolder } = await import("../server/backups/run-backup");
  const { sql } = await import("drizzle-orm");
  const hasBackupsTable = async (handle: Awaited<ReturnType<typeof openPglite>>) =>
    !!((await handle.db.execute(sql`select to_regclass('public.backups') as t`)) as { rows?: { t: unknown }[] }).rows?.[0]?.t;
  const { env } = await import("../server/env");
  let summary: { file: string; bytes: number; durationMs: number; encrypted: boolean } | null = env.DATABASE_URL
    ? null
    : await askRunningServer(env.DATA_DIR);
  if (summary) console.log("The server running on this data folder made the backup, with its own backup folder and BACKUP_KEY.");
  else {
    const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR);
    setDbHandle(handle);
    try {
      // A database of an older version has no backups table to record it in (a backup never migrates): made unrecorded.
      summary = (await hasBackupsTable(handle))
        ? await backUpNow()
        : await createBackup({
            handle,
            dataDir: env.DATA_DIR,
            backupDir: backupFolder(),
            passphrase: env.BACKUP_KEY,
            configuredSecret: env.BETTER_AUTH_SECRET,
          });
    } finally {
      await handle.close();
    }
  }
  console.log(`Backup written and checked: ${summary.file} (${mb(summary.bytes)}, ${(summary.durationMs / 1000).toFixed(1)} s).`);
  if (!summary.encrypted)
    console.log(
      "It is not encrypted: anyone holding the file can read it. Set BACKUP_KEY to encrypt backups (docs/operations.md#backups).",
    );
}

main().catch((error: unknown) => {
  console.error(`\nThe backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

export {};
