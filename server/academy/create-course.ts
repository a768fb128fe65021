import { eq } from "drizzle-orm";
import type { TViewer } from "@domain/access/roles";
import type { TCourseFields } from "@domain/academy/course-authoring-input";
import { refuse, succeed, type TResult } from "@domain/errors/app-error";
import { getDb } from "../db/client";
import { courses } from "./schema";
import { refuseUnlessStaff } from "./staff-only";

/** Staff start a course as a draft (docs/product/academy.md#staff-authoring); the slug must be unused. */
export async function createCourse(actor: TViewer, input: TCourseFields): Promise<TResult<{ courseId: number; message: string }>> {
  const denied = refuseUnlessStaff(actor);
  if (denied) return denied;
  return getDb().transaction(async (tx) => {
    const [taken] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.slug, input.slug));
    if (taken) return refuse("conflict", `Another course already uses the slug "${input.slug}"`, { field: "slug" });
    const [row] = await tx
      .insert(courses)
      .values({ ...courseColumns(input), status: "draft" })
      .returning({ id: courses.id });
    return succeed({ courseId: row!.id, message: `${input.title} was created as a draft` });
  });
}

/** The course columns a form sets. */
export function courseColumns(input: TCourseFields) {
  return {
    title: input.title,
    slug: input.slug,
    summary: input.summary,
    description: input.description,
    category: input.category,
    level: input.level,
    durationWeeks: input.durationWeeks,
    hoursPerWeek: input.hoursPerWeek,
    priceKobo: input.price,
    instructorName: input.instructorName,
    instructorTitle: input.instructorTitle,
    instructorBio: input.instructorBio,
    outcomes: input.outcomes,
    passMarkPct: input.passMarkPct,
  };
}
