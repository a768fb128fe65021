import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { removeAcademyFile, storeAcademyFile } from "./academy-files";
import { lessonResources, lessons } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** A downloadable file for a lesson (PDF, PNG, JPEG, ZIP, DOCX or XLSX, checked by content). */
export async function addLessonResource(
  actor: TViewer,
  { lessonId, title, file }: { lessonId: number; title: string; file: File | null },
): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  if (!file) return refuse("invalid_input", "Choose a file to upload", { field: "file" });
  const [exists] = await getDb().select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
  if (!exists) return refuse("not_found", "That lesson no longer exists.");
  const stored = await storeAcademyFile("resources", file);
  if ("error" in stored) return refuse("invalid_input", stored.error, { field: "file" });
  const result = await getDb().transaction(async (tx) => {
    const [lesson] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!lesson) return refuse("not_found", "That lesson no longer exists.");
    await tx
      .insert(lessonResources)
      .values({ lessonId, title, filePath: stored.path, contentType: stored.contentType, bytes: stored.bytes });
    return succeed({ message: `"${title}" was added to the lesson` });
  });
  if (!result.ok) await removeAcademyFile(stored.path);
  else bumpContentVersion();
  return result;
}
