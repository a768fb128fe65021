import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describeChanges, type TImportItem, type TImportOptions, type TImportOutcome } from "@domain/migration/migration";
import type { TCustomerRecord } from "@domain/migration/records";
import type { DbOrTx } from "../db/client";
import { users } from "./schema";

/**
 * Customers from the old system (docs/product/data-migration.md#customers), inside the caller's transaction. A customer
 * is found by our id from an earlier run, else by e-mail (an account that exists already is matched, never doubled);
 * a found account keeps what it has and only an empty phone is filled. A new account has no password: its owner sets
 * one through "Forgot password", which also proves the address, so it is stored as confirmed. No e-mail is sent.
 * With `apply: false` (the dry run) it answers the same outcomes and writes nothing.
 */
export async function importCustomers(
  tx: DbOrTx,
  items: TImportItem<TCustomerRecord>[],
  { apply }: TImportOptions,
): Promise<TImportOutcome[]> {
  if (items.length === 0) return [];
  const knownIds = items.flatMap((i) => (i.knownId ? [i.knownId] : []));
  const columns = { id: users.id, email: users.email, phone: users.phone };
  // One after another on the transaction's connection, which runs one statement at a time.
  const byKnownId = knownIds.length ? await tx.select(columns).from(users).where(inArray(users.id, knownIds)) : [];
  const byEmail = await tx
    .select(columns)
    .from(users)
    .where(
      inArray(
        users.email,
        items.map((i) => i.data.email),
      ),
    );
  const idOf = new Map(byKnownId.map((u) => [u.id, u]));
  const emailOf = new Map(byEmail.map((u) => [u.email, u]));
  const now = new Date();
  const inserts: (typeof users.$inferInsert)[] = [];
  const phoneFills: { id: string; phone: string }[] = [];
  const outcomes = items.map(({ data, knownId }): TImportOutcome => {
    const found = (knownId ? idOf.get(knownId) : undefined) ?? emailOf.get(data.email);
    if (!found) {
      const id = randomUUID();
      inserts.push({
        id,
        name: data.name,
        email: data.email,
        emailVerified: true,
        phone: data.phone,
        role: "customer",
        createdAt: data.since ? new Date(data.since) : now,
        updatedAt: now,
      });
      return { action: "create", targetId: id, reference: data.email, note: null };
    }
    const phone = found.phone ?? data.phone;
    const note = describeChanges([["phone", found.phone ?? "none", phone ?? "none"]]);
    if (note && phone) phoneFills.push({ id: found.id, phone });
    return { action: note ? "update" : "unchanged", targetId: found.id, reference: found.email, note };
  });
  if (apply) {
    if (inserts.length) await tx.insert(users).values(inserts);
    for (const fill of phoneFills) await tx.update(users).set({ phone: fill.phone, updatedAt: now }).where(eq(users.id, fill.id));
  }
  return outcomes;
}
