import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { GRADING_PAGE_SIZE } from "@domain/academy/academy";
import { users } from "../auth/schema";
import { getDb } from "../db/client";
import { paginate } from "../db/paginate";
import { HANDED_IN_COLUMNS } from "./find-assignment-for-viewer";
import { assignments, courses, enrolments, submissions } from "./schema";

/** Ungraded submissions of live enrolments, oldest first (docs/product/academy.md#assignments). */
export async function listGradingQueue(page: number) {
  const db = getDb();
  const where = and(isNull(submissions.gradedAt), ne(enrolments.status, "cancelled"));
  return paginate(
    page,
    GRADING_PAGE_SIZE,
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(submissions)
        .innerJoin(enrolments, eq(enrolments.id, submissions.enrolmentId))
        .where(where);
      return row?.n ?? 0;
    },
    ({ limit, offset }) =>
      db
        .select({
          ...HANDED_IN_COLUMNS,
          student: { name: users.name, email: users.email },
          course: { slug: courses.slug, title: courses.title },
          assignment: { id: assignments.id, title: assignments.title, maxScore: assignments.maxScore, passScore: assignments.passScore },
        })
        .from(submissions)
        .innerJoin(enrolments, eq(enrolments.id, submissions.enrolmentId))
        .innerJoin(users, eq(users.id, enrolments.userId))
        .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
        .innerJoin(courses, eq(courses.id, assignments.courseId))
        .where(where)
        .orderBy(asc(submissions.submittedAt), asc(submissions.id))
        .limit(limit)
        .offset(offset),
  );
}
