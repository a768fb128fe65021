import { z } from "zod";
import { completeLesson } from "../../academy/complete-lesson";
import { getLesson } from "../../academy/get-lesson";
import { getStudentDashboard } from "../../academy/get-student-dashboard";
import { listCourses } from "../../academy/list-courses";
import { numberedPage, searchParamsOf } from "./api-paging";
import { publicOperation, userOperation, type TApiOperation } from "./api-operation";

// The academy through the API (docs/product/api-gateway.md#academy): the catalogue as /academy shows it, the
// person's courses with their progress and certificates as /student/dashboard shows them, a lesson's text, and
// marking a lesson done. The same rules as the pages: a lesson opens to its enrolled students (or as a preview).

const ZCourseCard = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    category: z.string(),
    level: z.string(),
    durationWeeks: z.number().int(),
    hoursPerWeek: z.number(),
    priceKobo: z.number().int(),
    imagePath: z.string().nullable(),
    instructorName: z.string(),
    rating: z.number().nullable(),
    reviewCount: z.number().int(),
    students: z.number().int(),
    nextIntake: z.object({ startsAt: z.string(), enrolmentClosesAt: z.string() }).nullable(),
  })
  .meta({ id: "CourseCard" });

const ZCoursePage = z
  .object({ items: z.array(ZCourseCard), nextCursor: z.string().nullable(), total: z.number().int() })
  .meta({ id: "CoursePage" });

const ZCourseQuery = z.object({
  q: z.string().max(100).optional(),
  category: z.string().max(40).optional(),
  level: z.string().max(40).optional(),
  price: z.enum(["free", "paid"]).optional(),
  cursor: z.string().max(200).optional(),
});

const ZLearning = z
  .object({
    courses: z.array(
      z.object({
        slug: z.string(),
        title: z.string(),
        instructorName: z.string(),
        status: z.string(),
        progressPct: z.number().int(),
        startsAt: z.string(),
        lessons: z.number().int(),
        completedLessons: z.number().int(),
        nextLessonTitle: z.string().nullable(),
      }),
    ),
    certificates: z.array(
      z.object({
        code: z.string(),
        courseTitle: z.string(),
        grade: z.string().nullable(),
        scorePct: z.number().nullable(),
        issuedAt: z.string(),
        revoked: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Learning" });

const ZLesson = z
  .object({
    course: z.object({ slug: z.string(), title: z.string() }),
    lesson: z.object({
      slug: z.string(),
      title: z.string(),
      body: z.string(),
      durationMinutes: z.number().int(),
      isPreview: z.boolean(),
      hasVideo: z.boolean(),
      moduleTitle: z.string(),
    }),
    position: z.object({ index: z.number().int(), total: z.number().int() }),
    previous: z.object({ slug: z.string(), title: z.string() }).nullable(),
    next: z.object({ slug: z.string(), title: z.string() }).nullable(),
    enrolment: z.object({ progressPct: z.number().int(), status: z.string() }).nullable(),
  })
  .meta({ id: "Lesson" });

const ZLessonDone = z
  .object({ progressPct: z.number().int(), certificateCode: z.string().nullable(), alreadyDone: z.boolean() })
  .meta({ id: "LessonDone" });

const iso = (d: Date | string) => new Date(d).toISOString();

export const academyOperations: TApiOperation[] = [
  publicOperation({
    method: "GET",
    path: "/courses",
    operationId: "listCourses",
    summary: "The academy's courses, searched and filtered as on /academy, a page at a time",
    tag: "Academy",
    query: ZCourseQuery,
    success: { status: 200, schema: ZCoursePage, description: "A page of courses" },
    refusals: [],
    example: {},
    async handle({ query }) {
      const { cursor, ...filters } = query as z.output<typeof ZCourseQuery>;
      const page = await numberedPage(cursor, (n) => listCourses(searchParamsOf({ ...filters, page: String(n) })));
      if (!page.ok) return page;
      return {
        status: 200,
        body: {
          items: page.items.map((c) => ({
            ...c,
            nextIntake: c.nextIntake
              ? { startsAt: iso(c.nextIntake.startsAt), enrolmentClosesAt: iso(c.nextIntake.enrolmentClosesAt) }
              : null,
          })),
          nextCursor: page.nextCursor,
          total: page.total,
        },
      };
    },
  }),
  userOperation({
    method: "GET",
    path: "/learning",
    operationId: "getLearning",
    summary: "Your courses with your progress, and your certificates",
    tag: "Academy",
    success: { status: 200, schema: ZLearning, description: "Your learning" },
    refusals: [],
    example: {},
    async handle({ caller }) {
      const dashboard = await getStudentDashboard(caller.viewer.id);
      return {
        status: 200,
        body: {
          courses: dashboard.courses.map((c) => ({
            slug: c.slug,
            title: c.title,
            instructorName: c.instructorName,
            status: c.status,
            progressPct: c.progressPct,
            startsAt: iso(c.startsAt),
            lessons: c.lessons,
            completedLessons: c.completedLessons,
            nextLessonTitle: c.nextLessonTitle,
          })),
          certificates: dashboard.certificates.map((c) => ({
            code: c.code,
            courseTitle: c.courseTitle,
            grade: c.grade ?? null,
            scorePct: c.scorePct ?? null,
            issuedAt: iso(c.issuedAt),
            revoked: c.revokedAt !== null,
          })),
        },
      };
    },
  }),
  userOperation({
    method: "GET",
    path: "/courses/{slug}/lessons/{lessonSlug}",
    operationId: "getLesson",
    summary: "A lesson's text, for its enrolled students (or anyone, for a preview)",
    tag: "Academy",
    success: { status: 200, schema: ZLesson, description: "The lesson" },
    refusals: [403, 404],
    async handle({ caller, params }) {
      const found = await getLesson(params.slug ?? "", params.lessonSlug ?? "", { id: caller.viewer.id, isStaff: false });
      if (!found.ok) return found;
      const { course, lesson, position, previous, next, enrolment } = found;
      return {
        status: 200,
        body: {
          course: { slug: course.slug, title: course.title },
          lesson: {
            slug: lesson.slug,
            title: lesson.title,
            body: lesson.body,
            durationMinutes: lesson.durationMinutes,
            isPreview: lesson.isPreview,
            hasVideo: lesson.hasVideo,
            moduleTitle: lesson.moduleTitle,
          },
          position,
          previous: previous ? { slug: previous.slug, title: previous.title } : null,
          next: next ? { slug: next.slug, title: next.title } : null,
          enrolment: enrolment ? { progressPct: enrolment.progressPct, status: enrolment.status } : null,
        },
      };
    },
  }),
  userOperation({
    method: "POST",
    path: "/courses/{slug}/lessons/{lessonSlug}/complete",
    operationId: "completeLesson",
    summary: "Mark a lesson of your course done; answers your progress and a certificate earned by it",
    tag: "Academy",
    body: z.object({}).strict(),
    success: { status: 200, schema: ZLessonDone, description: "Your progress" },
    refusals: [403, 404],
    async handle({ caller, params }) {
      const done = await completeLesson(caller.viewer.id, params.slug ?? "", params.lessonSlug ?? "");
      if (!done.ok) return done;
      return { status: 200, body: { progressPct: done.progressPct, certificateCode: done.certificateCode, alreadyDone: done.alreadyDone } };
    },
  }),
];
