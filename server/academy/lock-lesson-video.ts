import { eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { lessons } from "./schema";

/** A lesson's title and video path, locked until the caller's transaction ends; null when the lesson is gone. */
export async function lockLessonVideo(tx: Tx, lessonId: number): Promise<{ title: string; old: string | null } | null> {
  const [lesson] = await tx
    .select({ title: lessons.title, old: lessons.videoPath })
    .from(lessons)
    .where(eq(lessons.id, lessonId))
    .for("update");
  return lesson ?? null;
}
