import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import { COURSES_PER_PAGE, type TCourseCard, type TCourseFilters } from "@domain/academy/academy";
import { parseCourseFilters } from "@domain/academy/academy-input";
import { getDb } from "../db/client";
import { containsTerm } from "../db/contains-term";
import { paginate } from "../db/paginate";
import { asDate, nextIntakes, ratingSummary, studentCounts, withCourseFigures } from "./course-stats";
import { courses } from "./schema";

export type TCourseList = { items: TCourseCard[]; total: number; page: number; pageCount: number; filters: TCourseFilters };

/** The catalogue (/academy, docs/product/academy.md#catalogue): published courses matching the filters, a page at a time. */
export async function listCourses(params: URLSearchParams = new URLSearchParams()): Promise<TCourseList> {
  const filters = parseCourseFilters(params);
  const db = getDb();
  const r = ratingSummary();
  const s = studentCounts();
  const n = nextIntakes();

  const pattern = filters.q ? containsTerm(filters.q) : null;
  const where = and(
    eq(courses.status, "published"),
    filters.category ? eq(courses.category, filters.category) : undefined,
    filters.level ? eq(courses.level, filters.level) : undefined,
    filters.price === "free" ? eq(courses.priceKobo, 0) : filters.price === "paid" ? gt(courses.priceKobo, 0) : undefined,
    pattern ? or(ilike(courses.title, pattern), ilike(courses.summary, pattern), ilike(courses.instructorName, pattern)) : undefined,
  );
  const order: SQL[] = {
    "next-intake": [sql`${n.enrolmentClosesAt} asc nulls last`, asc(courses.id)],
    "price-asc": [asc(courses.priceKobo), asc(courses.id)],
    "price-desc": [desc(courses.priceKobo), asc(courses.id)],
    rating: [sql`${r.rating} desc nulls last`, sql`${r.reviewCount} desc nulls last`, asc(courses.id)],
    newest: [desc(courses.publishedAt), desc(courses.id)],
  }[filters.sort];

  const { rows, total, page, pageCount } = await paginate(
    filters.page,
    COURSES_PER_PAGE,
    async () => (await db.select({ n: count() }).from(courses).where(where))[0]?.n ?? 0,
    ({ limit, offset }) =>
      db
        .select({
          id: courses.id,
          slug: courses.slug,
          title: courses.title,
          summary: courses.summary,
          category: courses.category,
          level: courses.level,
          durationWeeks: courses.durationWeeks,
          hoursPerWeek: courses.hoursPerWeek,
          priceKobo: courses.priceKobo,
          imagePath: courses.imagePath,
          instructorName: courses.instructorName,
          rating: r.rating,
          reviewCount: r.reviewCount,
          students: s.students,
          nextStartsAt: n.startsAt,
          nextClosesAt: n.enrolmentClosesAt,
        })
        .from(courses)
        .leftJoin(r, eq(r.courseId, courses.id))
        .leftJoin(s, eq(s.courseId, courses.id))
        .leftJoin(n, eq(n.courseId, courses.id))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );

  const items = rows.map(({ nextStartsAt, nextClosesAt, ...c }): TCourseCard => {
    const startsAt = asDate(nextStartsAt);
    const closesAt = asDate(nextClosesAt);
    return {
      ...withCourseFigures(c),
      nextIntake: startsAt && closesAt ? { startsAt, enrolmentClosesAt: closesAt } : null,
    };
  });
  return { items, total, page, pageCount, filters: { ...filters, page } };
}

/** Every published course's address and last change, for sitemap.xml. */
export async function listCourseUrls() {
  return getDb()
    .select({ slug: courses.slug, updatedAt: courses.updatedAt })
    .from(courses)
    .where(eq(courses.status, "published"))
    .orderBy(asc(courses.id));
}
