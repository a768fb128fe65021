// npm run restore -- FILE (docs/operations.md#backups): into an empty DATA_DIR, or the empty database at DATABASE_URL.

// The steps are told in words below; the log says only what went wrong, unless LOG_LEVEL says otherwise.
process.env.LOG_LEVEL ??= "warn";

async function main() {
  const { restoreBackup } = await import("../server/backups/restore-backup");
  const { env } = await import("../server/env");
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: npm run restore -- FILE   (a backup from BACKUP_DIR; DATA_DIR and DATABASE_URL name the target)");
    process.exit(2);
  }
  console.log(`Checking ${file} …`);
  const result = await restoreBackup({
    file,
    passphrase: env.BACKUP_KEY,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    configuredSecret: env.BETTER_AUTH_SECRET,
  });
  const made = new Date(result.manifest.createdAt).toLocaleString("en-GB", {
    timeZone: "Africa/Lagos",
    dateStyle: "medium",
    timeStyle: "short",
  });
  console.log(
    `Restored the backup of ${made} (Lagos): ${result.rows} rows in ${result.manifest.tables.length} tables and ${result.files} files, ` +
      `into ${env.DATABASE_URL ? "the database at DATABASE_URL" : `the data folder ${env.DATA_DIR}`}.`,
  );
  if (result.migratedTo > result.migratedFrom)
    console.log(`The schema was migrated from level ${result.migratedFrom} to ${result.migratedTo}.`);
  for (const warning of result.warnings) console.log(`Note: ${warning}`);
  console.log("Start the site with npm start.");
}

main().catch((error: unknown) => {
  console.error(`\nThe restore did not go ahead: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

export {};
