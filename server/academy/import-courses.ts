import { eq, inArray, or } from "drizzle-orm";
import { COURSE_CATEGORIES, COURSE_LEVELS } from "@domain/academy/academy";
import { COURSE_STATUSES, type TCourseStatus } from "@domain/academy/course-authoring";
import { describeChanges, type TImportItem, type TImportOptions, type TImportOutcome } from "@domain/migration/migration";
import type { TCourseRecord } from "@domain/migration/records";
import { formatKobo } from "@domain/money/money";
import type { DbOrTx } from "../db/client";
import { courses } from "./schema";

const price = (kobo: number) => (kobo === 0 ? "free" : formatKobo(kobo));

/**
 * Courses from the old system (docs/product/data-migration.md#courses), inside the caller's transaction. A new course
 * is a draft, so staff add its lessons and intakes and check it before it goes live. A course found by our id from
 * an earlier run, else by its web address, is updated from the file while it is still a draft; a published or
 * archived course is left as staff made it. With `apply: false` (the dry run) it answers the same outcomes and writes
 * nothing.
 */
export async function importCourses(tx: DbOrTx, items: TImportItem<TCourseRecord>[], { apply }: TImportOptions): Promise<TImportOutcome[]> {
  if (items.length === 0) return [];
  const knownIds = items.flatMap((i) => (i.knownId && /^\d+$/.test(i.knownId) ? [Number(i.knownId)] : []));
  const slugs = items.map((i) => i.data.slug);
  const existing = await tx
    .select()
    .from(courses)
    .where(knownIds.length ? or(inArray(courses.slug, slugs), inArray(courses.id, knownIds)) : inArray(courses.slug, slugs));
  const byId = new Map(existing.map((c) => [String(c.id), c]));
  const bySlug = new Map(existing.map((c) => [c.slug, c]));
  const columnsOf = (d: TCourseRecord) => ({
    title: d.title,
    summary: d.summary,
    description: d.description,
    category: d.category,
    level: d.level,
    durationWeeks: d.durationWeeks,
    hoursPerWeek: d.hoursPerWeek,
    priceKobo: d.priceKobo,
    instructorName: d.instructor,
  });

  const creates: { index: number; data: TCourseRecord }[] = [];
  const updates: { id: number; data: TCourseRecord }[] = [];
  const outcomes = items.map(({ data, knownId }, index): TImportOutcome => {
    const found = (knownId ? byId.get(knownId) : undefined) ?? bySlug.get(data.slug);
    if (!found) {
      creates.push({ index, data });
      return { action: "create", targetId: null, reference: `/academy/${data.slug}`, note: null };
    }
    const reference = `/academy/${found.slug}`;
    const note = describeChanges([
      ["title", found.title, data.title],
      ["summary", found.summary.slice(0, 40), data.summary.slice(0, 40)],
      ["description", found.description.slice(0, 40), data.description.slice(0, 40)],
      ["category", COURSE_CATEGORIES[found.category as keyof typeof COURSE_CATEGORIES] ?? found.category, COURSE_CATEGORIES[data.category]],
      ["level", COURSE_LEVELS[found.level as keyof typeof COURSE_LEVELS] ?? found.level, COURSE_LEVELS[data.level]],
      ["weeks", String(found.durationWeeks), String(data.durationWeeks)],
      ["hours a week", String(found.hoursPerWeek), String(data.hoursPerWeek)],
      ["price", price(found.priceKobo), price(data.priceKobo)],
      ["instructor", found.instructorName, data.instructor],
    ]);
    if (found.status !== "draft") {
      const status = COURSE_STATUSES[found.status as TCourseStatus]?.toLowerCase() ?? found.status;
      return {
        action: "unchanged",
        targetId: String(found.id),
        reference,
        note: note ? `The course is ${status}: left as staff made it` : null,
      };
    }
    if (note) updates.push({ id: found.id, data });
    return { action: note ? "update" : "unchanged", targetId: String(found.id), reference, note };
  });
  if (!apply) return outcomes;

  const now = new Date();
  for (const { id, data } of updates)
    await tx
      .update(courses)
      .set({ ...columnsOf(data), updatedAt: now })
      .where(eq(courses.id, id));
  if (creates.length) {
    const made = await tx
      .insert(courses)
      .values(
        creates.map(({ data }) => ({
          ...columnsOf(data),
          slug: data.slug,
          instructorTitle: "",
          instructorBio: "",
          status: "draft",
        })),
      )
      .returning({ id: courses.id, slug: courses.slug });
    const idOf = new Map(made.map((c) => [c.slug, String(c.id)]));
    for (const { index, data } of creates) outcomes[index]!.targetId = idOf.get(data.slug) ?? null;
  }
  return outcomes;
}
