import { resolve, sep } from "node:path";
import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { env } from "../env";
import { findLearnerEnrolment } from "./find-learner-enrolment";
import { courses, lessonResources, lessons } from "./schema";

/** A lesson's downloadable file, on the lesson page's rule (preview, enrolled or staff); stored under DATA_DIR. */
export async function findLessonResource(
  resourceId: number,
  viewer: { id: string; isStaff: boolean } | null,
): Promise<TResult<{ file: string; contentType: string; downloadName: string }>> {
  const [row] = await getDb()
    .select({ resource: lessonResources, isPreview: lessons.isPreview, courseId: lessons.courseId, courseStatus: courses.status })
    .from(lessonResources)
    .innerJoin(lessons, eq(lessons.id, lessonResources.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessonResources.id, resourceId));
  if (!row || (row.courseStatus !== "published" && !viewer?.isStaff)) return refuse("not_found", "No such file.");
  if (!row.isPreview && !viewer?.isStaff) {
    const enrolment = viewer ? await findLearnerEnrolment(getDb(), viewer.id, row.courseId) : null;
    if (!enrolment) return refuse(viewer ? "forbidden" : "unauthenticated", "Enrol in the course to download this file.");
  }
  const root = resolve(env.DATA_DIR);
  const file = resolve(root, row.resource.filePath.replace(/^\/+/, ""));
  if (!file.startsWith(root + sep)) return refuse("not_found", "No such file.");
  const ext = file.slice(file.lastIndexOf(".") + 1).toLowerCase();
  const name = `${
    row.resource.title
      .replace(/[^\w .-]+/g, "")
      .trim()
      .slice(0, 80) || "resource"
  }${ext.length <= 5 ? `.${ext}` : ""}`;
  return succeed({ file, contentType: row.resource.contentType, downloadName: name });
}
