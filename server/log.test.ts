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

/** A unique key refused: PostgreSQL's error repeats the value in its detail ("Key (token)=(...) already exists."). */
async function duplicateKeyWith(secret: string): Promise<unknown> {
  const db = getDb();
  await db.execute(sql`create table if not exists log_test_tokens (token text primary key)`);
  await db.execute(sql`insert into log_test_tokens values (${secret})`);
  return db.execute(sql`insert into log_test_tokens values (${secret})`).then(
    () => new Error("the duplicate was taken"),
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
    // The cause's message, which follows the values on the same line, is kept.
    expect(JSON.parse(written().split("\n")[0]!).err.message).toMatch(/params: \(not logged\): .*does not exist/);

    const duplicate = await duplicateKeyWith("6QkLmZ8rTw2pXb4nYc7vJd1sHf9gKe3a");
    const { log: second, written: secondText } = capturingLog();
    second.error({ err: duplicate }, "request failed");
    // The database's own error, as a query straight through the pool throws it.
    second.error({ err: (duplicate as { cause?: unknown }).cause }, "could not claim a job");
    expect(JSON.stringify((duplicate as { cause?: unknown }).cause ?? duplicate, ["detail"])).toContain("6QkLmZ8rTw2pXb4nYc7vJd1sHf9gKe3a");
    expect(secondText()).not.toContain("6QkLmZ8rTw2pXb4nYc7vJd1sHf9gKe3a");
    expect(secondText()).toContain("log_test_tokens_pkey");
    expect(text.match(/request failed|could not claim a job|database unreachable|outbox delivery failed/g)).toHaveLength(4);
  });
});
