// A process that makes one backup of the data folder in DATA_DIR, as the server's daily job does, and says when it has
// begun: server/backups/backup-killed.test.ts kills it with SIGKILL while it writes.
import { loadSigningSecret } from "../../server/auth/signing-secret";
import { runBackup, startBackup } from "../../server/backups/run-backup";
import { openPglite, setDbHandle } from "../../server/db/client";
import { env } from "../../server/env";

loadSigningSecret();
const handle = await openPglite(env.DATA_DIR);
setDbHandle(handle);
const claimed = await startBackup("schedule", null);
if (!claimed.ok) throw claimed.error;
process.stdout.write(`started ${claimed.id}\n`);
const made = await runBackup(claimed.id);
process.stdout.write(made.ok ? `finished ${made.file}\n` : `failed ${made.error.message}\n`);
await handle.close();
