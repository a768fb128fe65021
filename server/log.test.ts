import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../tests/support/test-database";
import { getDb } from "./db/client";
import { createLog } from "./log";

// A failed statement is logged with its text, never its values (server/log.ts): on 2026-11-29 a chaos run's log
// showed a signed-in staff member's session token in the "params" of the statement that read their session.

useTestDatabase();

function capturingLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLog(destination), written: () => lines.join("") };
}

/** The error the database layer throws for a statement that fails, with a secret among its values. */
async function failedStatementWith(secret: string): Promise<unknown> {
  return getDb()
    .execute(sql`select * from no_such_table where token = ${secret}`)
    .then(
      () => new Error("the statement ran"),
      (error: unknown) => error,
    );
}

describe("the log", () => {
  it("keeps a failed statement's text and drops its values, however the error is logged", async () => {
    const secret = "YwRPeGPb075FTasg8qxX9Jze84canEAY";
    const error = await failedStatementWith(secret);
    expect(String((error as Error).message)).toContain(secret); // what would have been written

    const { log, written } = capturingLog();
    log.error({ err: error }, "request failed");
    log.error({ error }, "could not claim a job");
    log.error({ err: (error as Error).message }, "database unreachable");
    log.error({ err: new Error("wrapped", { cause: error }) }, "outbox delivery failed");

    const text = written();
    expect(text).not.toContain(secret);
    expect(text).toContain("no_such_table");
    expect(text.match(/request failed|could not claim a job|database unreachable|outbox delivery failed/g)).toHaveLength(4);
  });
});
