import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { removeAcademyFile, storeAcademyFile } from "./academy-files";
import { lockLessonVideo } from "./lock-lesson-video";
import { lessons } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** Stores a lesson's video (MP4 or WebM, checked by content) and replaces the one it had. */
export async function uploadLessonVideo(
  actor: TViewer,
  { lessonId, file }: { lessonId: number; file: File | null },
): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  if (!file) return refuse("invalid_input", "Choose a video to upload", { field: "video" });
  const [exists] = await getDb().select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
  if (!exists) return refuse("not_found", "That lesson no longer exists.");
  const stored = await storeAcademyFile("videos", file);
  if ("error" in stored) return refuse("invalid_input", stored.error, { field: "video" });
  const result = await getDb().transaction(async (tx) => {
    const lesson = await lockLessonVideo(tx, lessonId);
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    await tx.update(lessons).set({ videoPath: stored.path }).where(eq(lessons.id, lessonId));
    return succeed({ title: lesson.title, old: lesson.old });
  });
  if (!result.ok) {
    await removeAcademyFile(stored.path);
    return result;
  }
  await removeAcademyFile(result.old);
  bumpContentVersion();
  return succeed({ message: `The video of "${result.title}" was uploaded` });
}
