import { sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { fromJson } from "../db/json";
import { toLearnerAssignments, type TLearnerAssignmentRow } from "./list-learner-assignments";

type TJsonCourse = {
  enrolmentId: number;
  status: string;
  progressPct: number;
  lastLessonId: number | null;
  startsAt: string;
  slug: string;
  title: string;
  imagePath: string | null;
  instructorName: string;
  /** The course's lessons in reading order (module, then lesson position), as courseOutline reads them. */
  outline: { id: number; slug: string; title: string }[];
  completed: number[];
};
/** An assignment row as json_agg sends it: the dates as text. */
type TJsonAssignment = Omit<TLearnerAssignmentRow, "intakeStartsAt" | "submission"> & {
  intakeStartsAt: string;
  submission: { late: boolean; gradedAt: string | null; score: number | null } | null;
};
type TJsonSession = { id: number; title: string; startsAt: string; place: string; courseTitle: string; courseSlug: string };
type TJsonCertificate = { code: string; courseTitle: string; grade: string; scorePct: number; issuedAt: string; revokedAt: string | null };
type TJsonActivity = { id: number; type: string; title: string; description: string | null; createdAt: string };
type TJsonDashboard = {
  courses: TJsonCourse[] | string;
  assignments: TJsonAssignment[] | string;
  sessions: TJsonSession[] | string;
  certificates: TJsonCertificate[] | string;
  activity: TJsonActivity[] | string;
};

/**
 * The student's page in one statement (each statement is a round trip, and the page is read on every visit): live
 * enrolments with their outline and completed lessons, their assignments with the student's submission, upcoming live
 * sessions of their intakes, certificates and the last 8 activities.
 */
const dashboardQuery = (userId: string) => sql`
  with mine as (
    select e.id as enrolment_id, e.status, e.progress_pct, e.last_lesson_id, e.intake_id, e.enrolled_at, i.starts_at,
      c.id as course_id, c.slug, c.title, c.image_path, c.instructor_name
    from enrolments e join courses c on c.id = e.course_id join course_intakes i on i.id = e.intake_id
    where e.user_id = ${userId} and e.status <> 'cancelled'
  )
  select
    (select coalesce(json_agg(json_build_object('enrolmentId', m.enrolment_id, 'status', m.status, 'progressPct', m.progress_pct,
        'lastLessonId', m.last_lesson_id, 'startsAt', m.starts_at, 'slug', m.slug, 'title', m.title, 'imagePath', m.image_path,
        'instructorName', m.instructor_name,
        'outline', (select coalesce(json_agg(json_build_object('id', l.id, 'slug', l.slug, 'title', l.title)
            order by cm.position, cm.id, l.position, l.id), '[]')
          from lessons l join course_modules cm on cm.id = l.module_id where l.course_id = m.course_id),
        'completed', (select coalesce(json_agg(lc.lesson_id), '[]') from lesson_completions lc where lc.enrolment_id = m.enrolment_id))
      order by m.enrolled_at desc), '[]') from mine m) as courses,
    (select coalesce(json_agg(json_build_object('id', a.id, 'title', a.title, 'maxScore', a.max_score,
        'dueDaysAfterStart', a.due_days_after_start, 'courseSlug', m.slug, 'courseTitle', m.title, 'intakeStartsAt', m.starts_at,
        'submission', case when s.id is null then null
          else json_build_object('late', s.late, 'gradedAt', s.graded_at, 'score', s.score) end)), '[]')
      from mine m join assignments a on a.course_id = m.course_id
      left join submissions s on s.assignment_id = a.id and s.enrolment_id = m.enrolment_id) as assignments,
    (select coalesce(json_agg(json_build_object('id', ls.id, 'title', ls.title, 'startsAt', ls.starts_at, 'place', ls.place,
        'courseTitle', c.title, 'courseSlug', c.slug) order by ls.starts_at), '[]')
      from live_sessions ls join course_intakes i on i.id = ls.intake_id join courses c on c.id = i.course_id
      where ls.intake_id in (select intake_id from mine) and ls.starts_at > now()) as sessions,
    (select coalesce(json_agg(json_build_object('code', ce.code, 'courseTitle', ce.course_title, 'grade', ce.grade,
        'scorePct', ce.score_pct, 'issuedAt', ce.issued_at, 'revokedAt', ce.revoked_at) order by ce.issued_at desc), '[]')
      from certificates ce where ce.user_id = ${userId}) as certificates,
    (select coalesce(json_agg(la order by la."createdAt" desc, la.id desc), '[]') from (
      select a.id, a.type, a.title, a.description, a.created_at as "createdAt" from learning_activities a
      where a.user_id = ${userId} order by a.created_at desc, a.id desc limit 8) la) as activity`;

const dateOrNull = (at: string | null) => (at === null ? null : new Date(at));

/** The student dashboard (docs/product/academy.md): courses with progress, deadlines, assignments, certificates and recent activity. */
export async function getStudentDashboard(userId: string) {
  const result = (await getDb().execute(dashboardQuery(userId))) as unknown as { rows: TJsonDashboard[] };
  const row = result.rows[0]!;
  const mine = fromJson(row.courses);
  const sessions = fromJson(row.sessions).map((s) => ({ ...s, startsAt: new Date(s.startsAt) }));
  const assignmentList = toLearnerAssignments(
    fromJson(row.assignments).map((a) => ({
      ...a,
      intakeStartsAt: new Date(a.intakeStartsAt),
      submission: a.submission && { ...a.submission, gradedAt: dateOrNull(a.submission.gradedAt) },
    })),
  );

  const courseCards = mine.map((m) => {
    const completed = new Set(m.completed);
    const next =
      m.outline.find((l) => l.id === m.lastLessonId && !completed.has(l.id)) ?? m.outline.find((l) => !completed.has(l.id)) ?? null;
    return {
      slug: m.slug,
      title: m.title,
      imagePath: m.imagePath,
      instructorName: m.instructorName,
      status: m.status,
      progressPct: m.progressPct,
      startsAt: new Date(m.startsAt),
      lessons: m.outline.length,
      completedLessons: completed.size,
      continueHref: next ? `/academy/${m.slug}/lessons/${next.slug}` : `/academy/${m.slug}/learn`,
      nextLessonTitle: next?.title ?? null,
    };
  });
  const now = Date.now();
  const deadlines = [
    ...assignmentList
      .filter((a) => a.status === "not_submitted" && a.dueAt.getTime() > now)
      .map((a) => ({
        kind: "assignment" as const,
        title: a.title,
        courseTitle: a.courseTitle,
        at: a.dueAt,
        href: `/academy/${a.courseSlug}/assignments/${a.id}`,
      })),
    ...sessions.map((s) => ({
      kind: "live" as const,
      title: s.title,
      courseTitle: s.courseTitle,
      at: s.startsAt,
      href: `/academy/${s.courseSlug}/learn`,
      place: s.place,
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(0, 6);
  return {
    courses: courseCards,
    deadlines,
    assignments: assignmentList,
    certificates: fromJson(row.certificates).map((c) => ({
      ...c,
      issuedAt: new Date(c.issuedAt),
      revokedAt: dateOrNull(c.revokedAt),
    })),
    activity: fromJson(row.activity).map((a) => ({ ...a, createdAt: new Date(a.createdAt) })),
  };
}
