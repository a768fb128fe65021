import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { removeAcademyFile } from "./academy-files";
import { lockLessonVideo } from "./lock-lesson-video";
import { lessons } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** Takes the video off a lesson (the lesson becomes text only), with an audit entry. */
export async function removeLessonVideo(actor: TViewer, { lessonId }: { lessonId: number }): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const result = await getDb().transaction(async (tx) => {
    const lesson = await lockLessonVideo(tx, lessonId);
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    if (!lesson.old) return refuse("conflict", `"${lesson.title}" has no video.`);
    await tx.update(lessons).set({ videoPath: null }).where(eq(lessons.id, lessonId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.lesson_video.delete",
      resourceType: "lesson",
      resourceId: String(lessonId),
      oldData: { videoPath: lesson.old },
    });
    return succeed({ title: lesson.title, old: lesson.old });
  });
  if (!result.ok) return result;
  await removeAcademyFile(result.old);
  bumpContentVersion();
  return succeed({ message: `The video of "${result.title}" was removed` });
}
