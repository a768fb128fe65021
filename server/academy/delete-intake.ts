import { count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { courseIntakes, enrolments } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Deletes an intake nobody has enrolled in (cancelled enrolments count too: they keep their history). */
export async function deleteIntake(actor: TViewer, { intakeId }: { intakeId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [row] = await tx.select().from(courseIntakes).where(eq(courseIntakes.id, intakeId)).for("update");
    if (!row) return refuse("not_found", "That intake no longer exists.");
    const [taken] = await tx.select({ n: count() }).from(enrolments).where(eq(enrolments.intakeId, intakeId));
    if ((taken?.n ?? 0) > 0) return refuse("conflict", "Students have enrolled in this intake: it cannot be deleted.");
    await tx.delete(courseIntakes).where(eq(courseIntakes.id, intakeId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.intake.delete",
      resourceType: "course_intake",
      resourceId: String(intakeId),
      oldData: row,
    });
    return succeed({ message: "The intake was deleted" });
  });
}
