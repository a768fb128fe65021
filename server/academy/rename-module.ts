import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TModuleRename } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { courseModules } from "./schema";
import { changeCourseContent } from "./staff-only";

export async function renameModule(actor: TViewer, { moduleId, title }: TModuleRename): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [row] = await tx.update(courseModules).set({ title }).where(eq(courseModules.id, moduleId)).returning({ id: courseModules.id });
    if (!row) return refuse("not_found", "That module no longer exists.");
    return succeed({ message: `Module renamed to "${title}"` });
  });
}
