import { z } from "zod";
import { ZFreeEnrolment, ZQuizAnswers } from "@domain/academy/enrolment-input";
import { refuse } from "@domain/errors/app-error";
import { completeLesson } from "../../academy/complete-lesson";
import { enrolInFreeCourse } from "../../academy/enrol-in-free-course";
import { getCoursePage } from "../../academy/get-course-page";
import { getLesson } from "../../academy/get-lesson";
import { getStudentDashboard } from "../../academy/get-student-dashboard";
import { signLessonMediaLink } from "../../academy/lesson-media-links";
import { listCourses } from "../../academy/list-courses";
import { submitQuiz } from "../../academy/submit-quiz";
import { numberedPage, pageAnswer, searchParamsOf, ZPageOf } from "./api-paging";
import { answerOf, publicOperation, userOperation, type TApiOperation } from "./api-operation";

// The academy through the API (docs/product/api-gateway.md#academy): the catalogue as /academy shows it, the
// person's courses with their progress and certificates as /student/dashboard shows them, a lesson's text, and
// marking a lesson done, a course's intakes and enrolling in a free one, and quizzes. The same rules as the pages: a
// lesson opens to its enrolled students (or as a preview). A paid course goes through the cart (POST /cart/courses).

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

const ZCoursePage = ZPageOf("CoursePage", ZCourseCard, { total: z.number().int() });

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

const ZCourse = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    priceKobo: z.number().int(),
    lessons: z.number().int(),
    intakes: z.array(
      z.object({
        id: z.number().int(),
        startsAt: z.string(),
        enrolmentClosesAt: z.string(),
        seatsLeft: z.number().int().nullable(),
        state: z.string().describe("open, closed or full"),
      }),
    ),
    enrolled: z.boolean(),
  })
  .meta({ id: "Course" });

const ZEnrolled = z.object({ slug: z.string(), title: z.string() }).meta({ id: "Enrolled" });

const ZMediaLink = z.object({
  url: z.string().describe("A link signed for you, valid until expiresAt: open it without the access token"),
  expiresAt: z.string(),
});

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
    video: z
      .object({ url: z.string(), lowUrl: z.string().nullable(), expiresAt: z.string() })
      .nullable()
      .describe("Signed links to the video (and its smaller rendition for phones), with range requests"),
    resources: z.array(
      z.object({ id: z.number().int(), title: z.string(), contentType: z.string(), bytes: z.number().int(), download: ZMediaLink }),
    ),
    quiz: z
      .object({
        passMarkPct: z.number().int(),
        maxAttempts: z.number().int().nullable(),
        attempts: z.number().int(),
        bestPct: z.number().int().nullable(),
        passed: z.boolean(),
        questions: z.array(z.object({ prompt: z.string(), options: z.array(z.string()) })),
      })
      .nullable(),
    position: z.object({ index: z.number().int(), total: z.number().int() }),
    previous: z.object({ slug: z.string(), title: z.string() }).nullable(),
    next: z.object({ slug: z.string(), title: z.string() }).nullable(),
    enrolment: z.object({ progressPct: z.number().int(), status: z.string() }).nullable(),
  })
  .meta({ id: "Lesson" });

const ZLessonDone = z
  .object({ progressPct: z.number().int(), certificateCode: z.string().nullable(), alreadyDone: z.boolean() })
  .meta({ id: "LessonDone" });

const ZQuizOutcome = z
  .object({
    scorePct: z.number().int(),
    passed: z.boolean(),
    passMarkPct: z.number().int(),
    correct: z.number().int(),
    questions: z.number().int(),
    attemptsLeft: z.number().int().nullable(),
    certificateCode: z.string().nullable(),
  })
  .meta({ id: "QuizOutcome" });

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
      return pageAnswer(page, (c) => ({
        ...c,
        nextIntake: c.nextIntake ? { startsAt: iso(c.nextIntake.startsAt), enrolmentClosesAt: iso(c.nextIntake.enrolmentClosesAt) } : null,
      }));
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
    summary: "A lesson's text, signed links to its video and files, and its quiz, for its enrolled students (or anyone, for a preview)",
    tag: "Academy",
    success: { status: 200, schema: ZLesson, description: "The lesson" },
    refusals: [403, 404],
    async handle({ caller, params, now }) {
      const found = await getLesson(params.slug ?? "", params.lessonSlug ?? "", { id: caller.viewer.id, isStaff: false });
      if (!found.ok) return found;
      const { course, lesson, position, previous, next, enrolment, resources, quiz } = found;
      const me = caller.viewer.id;
      const videoPath = (rendition: string) => `/academy/media/lessons/${lesson.id}/${rendition}`;
      const video = lesson.hasVideo ? signLessonMediaLink(videoPath("video"), me, now) : null;
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
          video: video
            ? {
                url: video.url,
                lowUrl: lesson.hasLowVideo ? signLessonMediaLink(videoPath("low"), me, now).url : null,
                expiresAt: video.expiresAt.toISOString(),
              }
            : null,
          resources: resources.map((r) => {
            const link = signLessonMediaLink(`/academy/media/resources/${r.id}`, me, now);
            return { ...r, download: { url: link.url, expiresAt: link.expiresAt.toISOString() } };
          }),
          quiz: quiz
            ? {
                passMarkPct: quiz.passMarkPct,
                maxAttempts: quiz.maxAttempts,
                attempts: quiz.attempts,
                bestPct: quiz.bestPct,
                passed: quiz.passed,
                questions: quiz.questions.map((q) => ({ prompt: q.prompt, options: q.options })),
              }
            : null,
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
  publicOperation({
    method: "GET",
    path: "/courses/{slug}",
    operationId: "getCourse",
    summary: "A published course with its intakes still open (their ids are what POST /courses/{slug}/enrol and POST /cart/courses take)",
    tag: "Academy",
    success: { status: 200, schema: ZCourse, description: "The course" },
    refusals: [404],
    async handle({ caller, params }) {
      const page = await getCoursePage(params.slug ?? "", caller ? { id: caller.viewer.id, isStaff: false } : null);
      if (!page) return refuse("not_found", "This course does not exist.");
      return {
        status: 200,
        body: {
          slug: page.course.slug,
          title: page.course.title,
          summary: page.course.summary,
          priceKobo: page.course.priceKobo,
          lessons: page.lessonCount,
          intakes: page.intakes.map((i) => ({
            id: i.id,
            startsAt: iso(i.startsAt),
            enrolmentClosesAt: iso(i.enrolmentClosesAt),
            seatsLeft: i.seatsLeft,
            state: i.state,
          })),
          enrolled: page.enrolment !== null,
        },
      };
    },
  }),
  userOperation({
    method: "POST",
    path: "/courses/{slug}/enrol",
    operationId: "enrolInFreeCourse",
    summary:
      "Enrol in a free course, in the intake given (or its next open one); a paid course is refused: add it to the cart with POST /cart/courses",
    tag: "Academy",
    body: ZFreeEnrolment.pick({ intakeId: true }).strict(),
    success: { status: 201, schema: ZEnrolled, description: "You are enrolled; the course is in GET /learning" },
    refusals: [404, 409],
    async handle({ caller, params, body }) {
      const enrolled = await enrolInFreeCourse(caller.viewer, { slug: params.slug ?? "", intakeId: body.intakeId });
      return enrolled.ok ? { status: 201, body: { slug: enrolled.slug, title: enrolled.title } } : enrolled;
    },
  }),
  userOperation({
    method: "POST",
    path: "/courses/{slug}/lessons/{lessonSlug}/quiz",
    operationId: "submitQuiz",
    summary: "Answer a lesson's quiz (one option index per question, in order); marked on the server, answers your score",
    tag: "Academy",
    body: ZQuizAnswers.extend({ answers: z.array(z.number().int().min(0).max(9)).min(1, "Answer every question.").max(50) }),
    success: {
      status: 200,
      schema: ZQuizOutcome,
      description: "Your score, whether you passed, attempts left and a certificate earned by it",
    },
    refusals: [403, 404, 409],
    async handle({ caller, params, body }) {
      return answerOf(200, await submitQuiz(caller.viewer.id, params.slug ?? "", params.lessonSlug ?? "", body.answers));
    },
  }),
];
