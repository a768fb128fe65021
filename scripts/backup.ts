// npm run backup (docs/operations.md#backups): one file in BACKUP_DIR with the database, the uploaded files and, on
// the embedded default, the signing secret. A running server on this data folder makes it; otherwise this process
// opens the database itself.

// The steps are told in words below; the log says only what went wrong, unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= "warn";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const { askRunningServer } = await import("../server/backups/backup-control");
  const { createBackup } = await import("../server/backups/create-backup");
  const { openPglite, openPostgres } = await import("../server/db/client");
  const { env } = await import("../server/env");
  let summary = await askRunningServer(env.DATA_DIR);
  if (summary) console.log("The server running on this data folder made the backup, with its own BACKUP_DIR and BACKUP_KEY.");
  else {
    const handle = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.DATA_DIR);
    try {
      summary = await createBackup({
        handle,
        dataDir: env.DATA_DIR,
        backupDir: env.BACKUP_DIR,
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
