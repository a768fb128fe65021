import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import { succeed, type TResult } from "@domain/errors/app-error";
import { deleteCourseItem } from "./delete-course-item";
import { courseModules, lessons } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Deletes a module that holds no lessons (move or delete its lessons first), with an audit entry. */
export async function deleteModule(actor: TViewer, { moduleId }: { moduleId: number }): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const deleted = await deleteCourseItem(tx, actor, {
      table: courseModules,
      id: moduleId,
      gone: "That module no longer exists.",
      keptBecause: async (mod) =>
        (await tx.$count(lessons, eq(lessons.moduleId, moduleId))) > 0 ? `"${mod.title}" still has lessons: delete them first.` : null,
      audit: { action: "academy.module.delete", resourceType: "course_module" },
    });
    return deleted.ok ? succeed({ message: `Module "${deleted.row.title}" was deleted` }) : deleted;
  });
}
