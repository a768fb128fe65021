import { desc, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { courseIntakes, courses, enrolments } from "./schema";

// Columns are named in full in the subqueries: Drizzle leaves them unqualified in a one-table select, and
// "id" would then be the inner table's.

/**
 * Every course for the staff list, drafts and archived ones too: status, price, the next intake (earliest
 * deadline not passed, docs/product/academy.md#courses-and-intakes) and students (enrolments not cancelled).
 */
export async function listStaffCourses(now: Date = new Date()) {
  const nextStart = sql<string | null>`(select ${courseIntakes.startsAt} from ${courseIntakes}
    where "course_intakes"."course_id" = "courses"."id" and ${courseIntakes.enrolmentClosesAt} >= ${now.toISOString()}
    order by ${courseIntakes.enrolmentClosesAt} asc limit 1)`;
  const students = sql<number>`(select count(*)::int from ${enrolments}
    where "enrolments"."course_id" = "courses"."id" and ${enrolments.status} <> 'cancelled')`;
  const rows = await getDb()
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      status: courses.status,
      priceKobo: courses.priceKobo,
      updatedAt: courses.updatedAt,
      nextStart,
      students,
    })
    .from(courses)
    .orderBy(sql`case ${courses.status} when 'draft' then 0 when 'published' then 1 else 2 end`, desc(courses.updatedAt));
  return rows.map((r) => ({ ...r, nextStart: r.nextStart ? new Date(r.nextStart) : null, students: Number(r.students) }));
}
