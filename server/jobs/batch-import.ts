import { getDb, type DbOrTx } from "../db/client";
import { log } from "../log";
import type { TJob } from "./scheduler";

// The one engine behind the CSV imports staff start and watch (the CRM's lists, docs/product/crm.md#import; the old
// system's files, docs/product/data-migration.md#the-import; docs/decisions/0029-one-batch-import-engine.md). A file is
// read and checked when it is uploaded; once started, its run is queued and this engine works it: the oldest queued
// run is locked (skip locked, so two instances take turns rather than the same rows), one batch is imported in the
// same transaction as the run's counters, so the progress bar moves, a restart carries on after the last whole batch,
// and a batch that fails leaves nothing of itself behind and stops its run with the reason.

export type TBatchOutcome = { runId: number; done: boolean; stopped?: boolean };

export type TBatchImport<TRun extends { id: number }> = {
  /** The job's name in the scheduler; starting a run wakes it (runJobNow). */
  job: string;
  label: string;
  description: string;
  /** The oldest queued run, locked for this transaction (`for update skip locked`), or null when none waits. */
  claimNext(tx: DbOrTx): Promise<TRun | null>;
  /** Imports the run's next batch and moves its counters; true when the run is done. */
  importBatch(tx: DbOrTx, run: TRun): Promise<boolean>;
  /** The run stops after a failed batch (it was rolled back whole): status, reason, people's details dropped, audit. */
  stopRun(tx: DbOrTx, runId: number, reason: string): Promise<void>;
  /** Housekeeping on each pass of the job: previews nobody started are dropped after a while. */
  expire(now: Date): Promise<unknown>;
};

export type TBatchImportEngine = {
  /** One batch of the oldest queued run; null when there is nothing to import. */
  importNextBatch(): Promise<TBatchOutcome | null>;
  /** Runs queued imports batch by batch until none is left or the server stops; the number of batches. */
  runAll(signal?: AbortSignal): Promise<number>;
  job: TJob;
};

export function batchImportEngine<TRun extends { id: number }>(importer: TBatchImport<TRun>): TBatchImportEngine {
  async function importNextBatch(): Promise<TBatchOutcome | null> {
    let runId: number | null = null;
    try {
      return await getDb().transaction(async (tx) => {
        const run = await importer.claimNext(tx);
        if (!run) return null;
        runId = run.id;
        return { runId: run.id, done: await importer.importBatch(tx, run) };
      });
    } catch (error) {
      if (runId === null) throw error;
      const reason = reasonOf(error);
      // The log gets the reason, never the error object: it holds the statement's parameters (people's details).
      log.error({ job: importer.job, runId, reason, code: codeOf(error) }, "import batch failed");
      const id = runId;
      await getDb().transaction((tx) => importer.stopRun(tx, id, reason.slice(0, 500)));
      return { runId, done: true, stopped: true };
    }
  }

  async function runAll(signal?: AbortSignal): Promise<number> {
    let batches = 0;
    while (!signal?.aborted && (await importNextBatch())) batches++;
    return batches;
  }

  return {
    importNextBatch,
    runAll,
    job: {
      name: importer.job,
      label: importer.label,
      description: importer.description,
      periodSeconds: 60,
      run: async ({ signal, startedAt }) => {
        await importer.expire(startedAt);
        await runAll(signal);
      },
    },
  };
}

/** The database's own words, not the failed statement (which would carry people's details into the page). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

function codeOf(error: unknown): unknown {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause as { code?: unknown } | null)?.code;
}
