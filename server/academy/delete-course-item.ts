import { eq, type InferSelectModel } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import type { Tx } from "../db/client";

type TItemTable = PgTable & { id: PgColumn };

/**
 * Staff's deletion of one item of a course (a module, an assignment, an intake, a live session, a question, a file;
 * docs/product/academy.md#staff-authoring), inside the change's transaction: the item is locked, refused as `gone` when
 * it no longer exists or with the reason `keptBecause` gives (students' work or other items still hang on it), then
 * deleted with an audit entry of the row as it was. Answers the deleted row.
 */
export async function deleteCourseItem<TTable extends TItemTable>(
  tx: Tx,
  actor: TViewer,
  item: {
    table: TTable;
    id: number;
    gone: string;
    keptBecause?: (row: InferSelectModel<TTable>) => Promise<string | null>;
    audit: { action: string; resourceType: string };
  },
): Promise<TResult<{ row: InferSelectModel<TTable> }>> {
  const table: TItemTable = item.table;
  const [row] = (await tx.select().from(table).where(eq(table.id, item.id)).for("update")) as InferSelectModel<TTable>[];
  if (!row) return refuse("not_found", item.gone);
  const kept = await item.keptBecause?.(row);
  if (kept) return refuse("conflict", kept);
  await tx.delete(table).where(eq(table.id, item.id));
  await recordAudit(tx, { actorId: actor.id, ...item.audit, resourceId: String(item.id), oldData: row });
  return succeed({ row });
}
