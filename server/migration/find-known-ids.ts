import { and, eq, inArray } from "drizzle-orm";
import type { TMigrationKind } from "@domain/migration/migration";
import type { DbOrTx } from "../db/client";
import { migrationIds } from "./schema";

/** Our ids of the old system's keys that earlier runs imported (docs/product/data-migration.md#running-it-again). */
export async function findKnownIds(db: DbOrTx, kind: TMigrationKind, keys: string[]): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ oldId: migrationIds.oldId, targetId: migrationIds.targetId })
      .from(migrationIds)
      .where(and(eq(migrationIds.kind, kind), inArray(migrationIds.oldId, keys.slice(i, i + 1000))));
    for (const r of rows) known.set(r.oldId, r.targetId);
  }
  return known;
}
