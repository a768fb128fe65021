import { count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { assignments, submissions } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Deletes an assignment nobody has submitted work for, with an audit entry. */
export async function deleteAssignment(actor: TViewer, { assignmentId }: { assignmentId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [row] = await tx.select().from(assignments).where(eq(assignments.id, assignmentId)).for("update");
    if (!row) return refuse("not_found", "That assignment no longer exists.");
    const [subs] = await tx.select({ n: count() }).from(submissions).where(eq(submissions.assignmentId, assignmentId));
    if ((subs?.n ?? 0) > 0) return refuse("conflict", `Students have submitted work for "${row.title}": it cannot be deleted.`);
    await tx.delete(assignments).where(eq(assignments.id, assignmentId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.assignment.delete",
      resourceType: "assignment",
      resourceId: String(assignmentId),
      oldData: row,
    });
    return succeed({ message: `Assignment "${row.title}" was deleted` });
  });
}
