import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { succeed, type TResult } from "@domain/errors/app-error";
import { deleteCourseItem } from "./delete-course-item";
import { courseIntakes, enrolments } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Deletes an intake nobody has enrolled in (cancelled enrolments count too: they keep their history). */
export async function deleteIntake(actor: TViewer, { intakeId }: { intakeId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const deleted = await deleteCourseItem(tx, actor, {
      table: courseIntakes,
      id: intakeId,
      gone: "That intake no longer exists.",
      keptBecause: async () =>
        (await tx.$count(enrolments, eq(enrolments.intakeId, intakeId))) > 0
          ? "Students have enrolled in this intake: it cannot be deleted."
          : null,
      audit: { action: "academy.intake.delete", resourceType: "course_intake" },
    });
    return deleted.ok ? succeed({ message: "The intake was deleted" }) : deleted;
  });
}
