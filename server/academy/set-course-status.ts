import { count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { COURSE_STATUSES, publishBlocker } from "@domain/academy/course-authoring";
import type { TCourseStatusChange } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { courseIntakes, courses, lessons } from "./schema";
import { changeCourseContent } from "./staff-only";

/**
 * Publish, unpublish (archive) or send a course back to draft, with an audit entry. Publishing needs a lesson
 * and an intake, and sets published_at the first time only (docs/product/academy.md#staff-authoring).
 */
export async function setCourseStatus(actor: TViewer, { courseId, status }: TCourseStatusChange): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [course] = await tx
      .select({ title: courses.title, status: courses.status, publishedAt: courses.publishedAt })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for("update");
    if (!course) return refuse("not_found", "That course no longer exists.");
    if (course.status === status) return refuse("conflict", `${course.title} is already ${COURSE_STATUSES[status].toLowerCase()}.`);
    if (status === "published") {
      const [l] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.courseId, courseId));
      const [i] = await tx.select({ n: count() }).from(courseIntakes).where(eq(courseIntakes.courseId, courseId));
      const blocker = publishBlocker({ lessons: l?.n ?? 0, intakes: i?.n ?? 0 });
      if (blocker) return refuse("conflict", blocker);
    }
    const now = new Date();
    const publishedAt = status === "published" && !course.publishedAt ? now : course.publishedAt;
    await tx.update(courses).set({ status, publishedAt, updatedAt: now }).where(eq(courses.id, courseId));
    await recordAudit(tx, {
      actorId: actor.id,
      action:
        status === "published" ? "academy.course.publish" : status === "archived" ? "academy.course.unpublish" : "academy.course.draft",
      resourceType: "course",
      resourceId: String(courseId),
      oldData: { status: course.status },
      newData: { status },
    });
    const said = { published: "is published", archived: "is unpublished (archived)", draft: "is back to draft" }[status];
    return succeed({ message: `${course.title} ${said}` });
  });
}
