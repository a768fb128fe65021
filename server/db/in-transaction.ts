import type { TFailure, TResult } from "@domain/errors/app-error";
import { getDb, type DbOrTx, type Tx } from "./client";

// A use case answers its refusals (docs/decisions/0011-one-error-contract.md); one made inside a transaction must
// also undo what the transaction wrote so far. inTransaction rolls back on a refusal and answers it.

/** Marks a refusal on its way out of the transaction callback, so the transaction rolls back; never leaves this file. */
class RolledBack extends Error {
  constructor(readonly failure: TFailure) {
    super(failure.error.message);
  }
}

/**
 * Runs `run` in one transaction (a savepoint when `on` is already a transaction): committed when it answers a value,
 * rolled back when it answers a refusal, which is then this call's answer.
 */
export async function inTransaction<T extends object>(run: (tx: Tx) => Promise<TResult<T>>, on: DbOrTx = getDb()): Promise<TResult<T>> {
  try {
    return await on.transaction(async (tx) => {
      const result = await run(tx);
      if (!result.ok) throw new RolledBack(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.failure;
    throw error;
  }
}
