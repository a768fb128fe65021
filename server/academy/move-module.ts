import { and, asc, desc, eq, gt, lt } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TMove } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { courseModules } from "./schema";
import { changeCourseContent } from "./staff-only";

/** Swaps a module with the one above or below it in its course. */
export async function moveModule(actor: TViewer, { id, direction }: TMove): Promise<TResult<{ message: string }>> {
  return changeCourseContent(actor, async (tx) => {
    const [mod] = await tx.select().from(courseModules).where(eq(courseModules.id, id)).for("update");
    if (!mod) return refuse("not_found", "That module no longer exists.");
    const up = direction === "up";
    const [other] = await tx
      .select()
      .from(courseModules)
      .where(
        and(
          eq(courseModules.courseId, mod.courseId),
          up ? lt(courseModules.position, mod.position) : gt(courseModules.position, mod.position),
        ),
      )
      .orderBy(up ? desc(courseModules.position) : asc(courseModules.position))
      .limit(1)
      .for("update");
    if (!other) return refuse("conflict", `"${mod.title}" is already the ${up ? "first" : "last"} module.`);
    await tx.update(courseModules).set({ position: other.position }).where(eq(courseModules.id, mod.id));
    await tx.update(courseModules).set({ position: mod.position }).where(eq(courseModules.id, other.id));
    return succeed({ message: `"${mod.title}" moved ${direction}` });
  });
}
