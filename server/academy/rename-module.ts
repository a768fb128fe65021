import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TModuleRename } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { bumpContentVersion } from "../http/page-cache";
import { courseModules } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

export async function renameModule(actor: TViewer, { moduleId, title }: TModuleRename): Promise<TResult<{ message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  const result = await getDb().transaction(async (tx) => {
    const [row] = await tx.update(courseModules).set({ title }).where(eq(courseModules.id, moduleId)).returning({ id: courseModules.id });
    if (!row) return refuse("not_found", "That module no longer exists.");
    return succeed({ message: `Module renamed to "${title}"` });
  });
  if (result.ok) bumpContentVersion();
  return result;
}
