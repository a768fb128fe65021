import { and, count, eq, ne } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TIntakeEdit } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { courseIntakes, enrolments } from "./schema";
import { changeCourseContent } from "./staff-only";

/**
 * Editing an intake (docs/product/academy.md#staff-authoring): the deadline stays on or before the start; a
 * deadline that is moved must be in the future; the seats cannot drop below the students already enrolled.
 */
export async function updateIntake(
  actor: TViewer,
  { intakeId, startsAt, enrolmentClosesAt, capacity }: TIntakeEdit,
  now: Date = new Date(),
): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [intake] = await tx.select().from(courseIntakes).where(eq(courseIntakes.id, intakeId)).for("update");
    if (!intake) return refuse("not_found", "That intake no longer exists.");
    const moved = intake.enrolmentClosesAt.getTime() !== enrolmentClosesAt.getTime();
    if (moved && enrolmentClosesAt.getTime() <= now.getTime())
      return refuse("invalid_input", "The enrolment deadline must be in the future", { field: "enrolmentClosesAt" });
    const [enrolled] = await tx
      .select({ n: count() })
      .from(enrolments)
      .where(and(eq(enrolments.intakeId, intakeId), ne(enrolments.status, "cancelled")));
    const students = Number(enrolled?.n ?? 0);
    if (capacity !== null && capacity < students)
      return refuse("invalid_input", `${students} students are enrolled: give at least ${students} seats`, { field: "capacity" });
    await tx.update(courseIntakes).set({ startsAt, enrolmentClosesAt, capacity }).where(eq(courseIntakes.id, intakeId));
    return succeed({ message: `Intake starting ${formatLagosDateTime(startsAt)} was saved` });
  });
}
