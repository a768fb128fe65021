import { sql } from "drizzle-orm";
import type { DbHandle } from "../db/client";
import { instanceId } from "../instance-id";
import { log } from "../log";
import { contentChangedElsewhere, setContentChangeBroadcast } from "./page-cache";

/** The channel on which instances tell each other that public content changed (a page cache flush). */
export const CONTENT_CHANNEL = "zavolah_content";

/**
 * Several instances on PostgreSQL (docs/operations.md#several-instances): a content write on one flushes every
 * instance's page cache. Each NOTIFYs its own id; the others drop their pages when they hear it, and also whenever
 * their LISTEN connection is re-made (news may have been missed in the gap). One process on PGlite has nobody to tell.
 */
export async function sharePageCacheAcrossInstances(db: DbHandle): Promise<() => Promise<void>> {
  if (db.kind !== "postgres") return async () => {};
  const instance = instanceId();
  const unlisten = await db.listen(
    CONTENT_CHANNEL,
    (from) => {
      if (from !== instance) contentChangedElsewhere();
    },
    () => {
      log.info("page cache flushed: the content channel was reconnected");
      contentChangedElsewhere();
    },
  );
  setContentChangeBroadcast(() => {
    db.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${instance})`).catch((err: unknown) =>
      // The other instances catch up through their pages' 60 s lifetime.
      log.warn({ err }, "could not tell the other instances that content changed"),
    );
  });
  return async () => {
    setContentChangeBroadcast(undefined);
    await unlisten();
  };
}
