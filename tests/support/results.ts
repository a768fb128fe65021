import type { TResult } from "@domain/errors/app-error";

/**
 * A use case's result where the test needs it to have succeeded: a refusal fails the test with the refusal's own
 * message (and rejects the promise, so `Promise.allSettled` races and `rejects.toThrow` read it as before).
 */
export function orFail<T extends object>(result: TResult<T>): { ok: true } & T {
  if (!result.ok) throw result.error;
  return result;
}
