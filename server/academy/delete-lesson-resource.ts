import type { TViewer } from "@domain/access/roles";
import { succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { removeAcademyFile } from "./academy-files";
import { deleteCourseItem } from "./delete-course-item";
import { lessonResources } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

export async function deleteLessonResource(actor: TViewer, { resourceId }: { resourceId: number }): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const result = await getDb().transaction((tx) =>
    deleteCourseItem(tx, actor, {
      table: lessonResources,
      id: resourceId,
      gone: "That file no longer exists.",
      audit: { action: "academy.lesson_resource.delete", resourceType: "lesson_resource" },
    }),
  );
  if (!result.ok) return result;
  await removeAcademyFile(result.row.filePath);
  bumpContentVersion();
  return succeed({ message: `"${result.row.title}" was removed` });
}
