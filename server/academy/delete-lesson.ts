import { count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { removeAcademyFile } from "./academy-files";
import { lessonCompletions, lessonResources, lessons } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/**
 * Deletes a lesson with its resources and quiz, with an audit entry. A lesson students have completed is kept:
 * their progress and certificates count it (docs/product/academy.md#staff-authoring).
 */
export async function deleteLesson(actor: TViewer, { lessonId }: { lessonId: number }): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const result = await getDb().transaction(async (tx) => {
    const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    const [done] = await tx.select({ n: count() }).from(lessonCompletions).where(eq(lessonCompletions.lessonId, lessonId));
    if ((done?.n ?? 0) > 0) return refuse("conflict", `Students have completed "${lesson.title}": it cannot be deleted.`);
    const files = await tx.select({ path: lessonResources.filePath }).from(lessonResources).where(eq(lessonResources.lessonId, lessonId));
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.lesson.delete",
      resourceType: "lesson",
      resourceId: String(lessonId),
      oldData: { title: lesson.title, slug: lesson.slug, courseId: lesson.courseId, videoPath: lesson.videoPath },
    });
    return succeed({ message: `Lesson "${lesson.title}" was deleted`, files: [lesson.videoPath, ...files.map((f) => f.path)] });
  });
  if (!result.ok) return result;
  for (const path of result.files) await removeAcademyFile(path);
  bumpContentVersion();
  return succeed({ message: result.message });
}
