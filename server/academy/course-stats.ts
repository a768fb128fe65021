import { and, gt, ne, sql } from "drizzle-orm";
import type { TCourseCategory, TCourseLevel } from "@domain/academy/academy";
import { getDb } from "../db/client";
import { courseIntakes, courseReviews, enrolments } from "./schema";

// Per-course figures the catalogue and the course page show: rating, students and the next open intake
// (docs/product/academy.md#courses-and-intakes), as subqueries to join on the course id.

export function ratingSummary() {
  return getDb()
    .select({
      courseId: courseReviews.courseId,
      rating: sql<string>`round(avg(${courseReviews.rating}), 1)`.as("rating"),
      reviewCount: sql<number>`count(*)::int`.as("review_count"),
    })
    .from(courseReviews)
    .groupBy(courseReviews.courseId)
    .as("r");
}

export function studentCounts() {
  return getDb()
    .select({ courseId: enrolments.courseId, students: sql<number>`count(*)::int`.as("students") })
    .from(enrolments)
    .where(ne(enrolments.status, "cancelled"))
    .groupBy(enrolments.courseId)
    .as("s");
}

/** The open intake whose enrolment deadline comes first, per course. */
export function nextIntakes() {
  return getDb()
    .selectDistinctOn([courseIntakes.courseId], {
      courseId: courseIntakes.courseId,
      startsAt: sql<Date>`${courseIntakes.startsAt}`.as("next_starts_at"),
      enrolmentClosesAt: sql<Date>`${courseIntakes.enrolmentClosesAt}`.as("next_closes_at"),
    })
    .from(courseIntakes)
    .where(and(gt(courseIntakes.enrolmentClosesAt, sql`now()`)))
    .orderBy(courseIntakes.courseId, courseIntakes.enrolmentClosesAt)
    .as("n");
}

type TFiguresRow = { category: string; level: string; rating: string | null; reviewCount: number | null; students: number | null };

/**
 * A course read with its ratingSummary and studentCounts joined: the figures as numbers (0 reviews and students when
 * it has none, no rating), the category and level as the domain's.
 */
export function withCourseFigures<T extends TFiguresRow>(
  c: T,
): Omit<T, keyof TFiguresRow> & {
  category: TCourseCategory;
  level: TCourseLevel;
  rating: number | null;
  reviewCount: number;
  students: number;
} {
  return {
    ...c,
    category: c.category as TCourseCategory,
    level: c.level as TCourseLevel,
    rating: c.rating === null ? null : Number(c.rating),
    reviewCount: c.reviewCount ?? 0,
    students: c.students ?? 0,
  };
}

export const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
