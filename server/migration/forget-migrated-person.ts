import { and, eq, sql } from "drizzle-orm";
import type { TForgotten, TPersonToForget } from "@domain/privacy/deletion-requests";
import type { DbOrTx } from "../db/client";
import { eraseMentions, personNeedles } from "../db/erase-text";
import { migrationIds, migrationRecords, migrationRuns } from "./schema";

/**
 * A run of the data migration keeps the file's rows until it is done or cancelled, and each record's converted data
 * and refused cell (docs/product/data-migration.md): the person's e-mail, names and phones in them become "[removed]"
 * (docs/product/privacy-requests.md). The map of old ids to ours stays where the old id is a number that names
 * nobody (a later run of an old file then finds the anonymised account); where the file had no id and the e-mail
 * address was the key, that entry goes.
 */
export async function forgetMigratedPerson(tx: DbOrTx, p: TPersonToForget): Promise<TForgotten> {
  const needles = personNeedles(p);
  const runs = await eraseMentions(tx, migrationRuns, [migrationRuns.rows], needles);
  const records = await eraseMentions(tx, migrationRecords, [migrationRecords.key, migrationRecords.data, migrationRecords.value], needles);
  const keyedByAddress = await tx
    .delete(migrationIds)
    .where(and(eq(migrationIds.kind, "customers"), eq(sql`lower(${migrationIds.oldId})`, p.email.toLowerCase())))
    .returning({ oldId: migrationIds.oldId });
  return { rows: runs + records + keyedByAddress.length };
}
