import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TIntakeNew } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { changePublicContent } from "../http/page-cache";
import { courseIntakes, courses } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/**
 * A new intake: typed in Lagos time, stored in UTC. The enrolment deadline is on or before the start, and not
 * in the past (docs/product/academy.md#staff-authoring).
 */
export async function addIntake(
  actor: TViewer,
  { courseId, startsAt, enrolmentClosesAt, capacity }: TIntakeNew,
  now: Date = new Date(),
): Promise<TResult<{ intakeId: number; message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  if (enrolmentClosesAt.getTime() > startsAt.getTime()) {
    return refuse("invalid_input", "The enrolment deadline must be on or before the start", { field: "enrolmentClosesAt" });
  }
  if (enrolmentClosesAt.getTime() <= now.getTime()) {
    return refuse("invalid_input", "The enrolment deadline must be in the future", { field: "enrolmentClosesAt" });
  }
  return changePublicContent(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for("update");
    if (!course) return refuse("not_found", "That course no longer exists.");
    const [row] = await tx
      .insert(courseIntakes)
      .values({ courseId, startsAt, enrolmentClosesAt, capacity })
      .returning({ id: courseIntakes.id });
    return succeed({ intakeId: row!.id, message: `Intake starting ${formatLagosDateTime(startsAt)} was added` });
  });
}
