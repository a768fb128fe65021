import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { removeAcademyFile } from "./academy-files";
import { lessonResources } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

export async function deleteLessonResource(actor: TViewer, { resourceId }: { resourceId: number }): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx.delete(lessonResources).where(eq(lessonResources.id, resourceId)).returning();
    if (!row) return refuse("not_found", "That file no longer exists.");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.lesson_resource.delete",
      resourceType: "lesson_resource",
      resourceId: String(resourceId),
      oldData: row,
    });
    return succeed({ title: row.title, path: row.filePath });
  });
  if (!result.ok) return result;
  await removeAcademyFile(result.path);
  bumpContentVersion();
  return succeed({ message: `"${result.title}" was removed` });
}
