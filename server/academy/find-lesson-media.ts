import { resolve, sep } from "node:path";
import { eq } from "drizzle-orm";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { env } from "../env";
import { findLearnerEnrolment } from "./find-learner-enrolment";
import { courses, lessons } from "./schema";

export type TMediaRendition = "video" | "low";

const PUBLIC_DIR = resolve("public");

/**
 * Where a lesson's video is on disk, if the viewer may watch it (the lesson page's rule: preview, enrolled or
 * staff). Seeded videos sit under public/ ("/videos/..."); uploaded ones under DATA_DIR ("academy/videos/...").
 * A path that would leave its folder is refused.
 */
export async function findLessonMedia(
  lessonId: number,
  rendition: TMediaRendition,
  viewer: { id: string; isStaff: boolean } | null,
): Promise<TResult<{ file: string; contentType: string }>> {
  const [row] = await getDb()
    .select({ lesson: lessons, courseStatus: courses.status })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row || (row.courseStatus !== "published" && !viewer?.isStaff)) return refuse("not_found", "No such video.");
  const { lesson } = row;
  if (!lesson.isPreview && !viewer?.isStaff) {
    const enrolment = viewer ? await findLearnerEnrolment(getDb(), viewer.id, lesson.courseId) : null;
    if (!enrolment) return refuse(viewer ? "forbidden" : "unauthenticated", "Enrol in the course to watch this lesson.");
  }
  const stored = rendition === "low" ? (lesson.videoLowPath ?? lesson.videoPath) : lesson.videoPath;
  if (!stored) return refuse("not_found", "This lesson has no video.");
  const root = stored.startsWith("/") ? PUBLIC_DIR : resolve(env.DATA_DIR);
  const file = resolve(root, stored.replace(/^\/+/, ""));
  if (!file.startsWith(root + sep)) return refuse("not_found", "No such video.");
  return succeed({ file, contentType: file.endsWith(".webm") ? "video/webm" : "video/mp4" });
}
