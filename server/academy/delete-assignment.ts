import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { succeed, type TResult } from "@domain/errors/app-error";
import { deleteCourseItem } from "./delete-course-item";
import { assignments, submissions } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Deletes an assignment nobody has submitted work for, with an audit entry. */
export async function deleteAssignment(actor: TViewer, { assignmentId }: { assignmentId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const deleted = await deleteCourseItem(tx, actor, {
      table: assignments,
      id: assignmentId,
      gone: "That assignment no longer exists.",
      keptBecause: async (row) =>
        (await tx.$count(submissions, eq(submissions.assignmentId, assignmentId))) > 0
          ? `Students have submitted work for "${row.title}": it cannot be deleted.`
          : null,
      audit: { action: "academy.assignment.delete", resourceType: "assignment" },
    });
    return deleted.ok ? succeed({ message: `Assignment "${deleted.row.title}" was deleted` }) : deleted;
  });
}
