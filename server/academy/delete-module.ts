import { count, eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { courseModules, lessons } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Deletes a module that holds no lessons (move or delete its lessons first), with an audit entry. */
export async function deleteModule(actor: TViewer, { moduleId }: { moduleId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [mod] = await tx.select().from(courseModules).where(eq(courseModules.id, moduleId)).for("update");
    if (!mod) return refuse("not_found", "That module no longer exists.");
    const [held] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.moduleId, moduleId));
    if ((held?.n ?? 0) > 0) return refuse("conflict", `"${mod.title}" still has lessons: delete them first.`);
    await tx.delete(courseModules).where(eq(courseModules.id, moduleId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "academy.module.delete",
      resourceType: "course_module",
      resourceId: String(moduleId),
      oldData: mod,
    });
    return succeed({ message: `Module "${mod.title}" was deleted` });
  });
}
