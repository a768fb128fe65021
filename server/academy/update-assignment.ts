import { eq, max } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TAssignmentEdit } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { assignments, submissions } from "./schema";
import { changeCourseContent } from "./staff-only";

/**
 * Editing an assignment (docs/product/academy.md#staff-authoring): the same rules as adding one, and the maximum
 * score cannot drop below a score already given.
 */
export async function updateAssignment(actor: TViewer, { assignmentId, ...input }: TAssignmentEdit): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [assignment] = await tx.select({ id: assignments.id }).from(assignments).where(eq(assignments.id, assignmentId)).for("update");
    if (!assignment) return refuse("not_found", "That assignment no longer exists.");
    const [graded] = await tx
      .select({ top: max(submissions.score) })
      .from(submissions)
      .where(eq(submissions.assignmentId, assignmentId));
    const top = graded?.top ?? null;
    if (top !== null && input.maxScore < top)
      return refuse("invalid_input", `A submission was already scored ${top}: the maximum cannot be lower`, { field: "maxScore" });
    await tx.update(assignments).set(input).where(eq(assignments.id, assignmentId));
    return succeed({ message: `Assignment "${input.title}" was saved` });
  });
}
