import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refuse, succeed } from "@domain/errors/app-error";
import { useTestDatabase } from "../../tests/support/test-database";
import { auditLog } from "../audit/schema";
import { getDb } from "./client";
import { inTransaction } from "./in-transaction";

useTestDatabase();

/** Writes one audit row marked `action`, inside the transaction given. */
const writeMark = (tx: Parameters<Parameters<typeof inTransaction>[0]>[0], action: string) =>
  tx.insert(auditLog).values({ action, resourceType: "test", resourceId: "in-transaction" });
const marks = async (action: string) => (await getDb().select().from(auditLog).where(eq(auditLog.action, action))).length;

describe("inTransaction", () => {
  it("commits what a successful run wrote and answers its value", async () => {
    const action = `kept-${randomUUID()}`;
    const answer = await inTransaction(async (tx) => {
      await writeMark(tx, action);
      return succeed({ written: 1 });
    });
    expect(answer).toEqual({ ok: true, written: 1 });
    expect(await marks(action)).toBe(1);
  });

  it("rolls back what a refused run wrote and answers the refusal as it was made", async () => {
    const action = `undone-${randomUUID()}`;
    const answer = await inTransaction(async (tx) => {
      await writeMark(tx, action);
      return refuse("conflict", "Someone got there first.", { field: "status" });
    });
    expect(answer.ok).toBe(false);
    expect(answer.ok ? null : answer.error.toView()).toEqual({
      code: "conflict",
      message: "Someone got there first.",
      field: "status",
      fieldErrors: { status: "Someone got there first." },
    });
    expect(await marks(action)).toBe(0);
  });

  it("inside another transaction undoes only its own part (a savepoint) on a refusal", async () => {
    const outer = `outer-${randomUUID()}`;
    const inner = `inner-${randomUUID()}`;
    await getDb().transaction(async (tx) => {
      await writeMark(tx, outer);
      const answer = await inTransaction(async (sp) => {
        await writeMark(sp, inner);
        return refuse("invalid_input", "No.");
      }, tx);
      expect(answer.ok).toBe(false);
    });
    expect([await marks(outer), await marks(inner)]).toEqual([1, 0]);
  });

  it("lets an error that is not a refusal through, rolled back", async () => {
    const action = `broken-${randomUUID()}`;
    await expect(
      inTransaction(async (tx) => {
        await writeMark(tx, action);
        throw new Error("disk on fire");
      }),
    ).rejects.toThrow("disk on fire");
    expect(await marks(action)).toBe(0);
  });
});
