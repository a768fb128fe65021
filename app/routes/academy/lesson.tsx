import { CheckCircle2, ChevronLeft, ChevronRight, Download } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/lesson";
import { MarkdownText } from "~/components/academy/markdown-text";
import { ProgressBar } from "~/components/academy/progress-bar";
import { buttonClass, cardClass } from "~/components/ui/styles";
import { hasRoleLevel } from "@domain/access/roles";
import { getViewerFrom } from "~/http/access.server";
import { redirectWithFlash } from "~/http/form.server";
import { metaFor } from "~/lib/meta";
import { getLesson } from "@server/academy/get-lesson";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = getViewerFrom(context);
  const result = await getLesson(
    params.slug,
    params.lesson,
    viewer ? { id: viewer.id, isStaff: hasRoleLevel(viewer.role, "staff") } : null,
  );
  if (!result.ok) {
    const here = new URL(request.url).pathname;
    // Not enrolled: back to the course page, which says how to enrol; signed out: the sign-in dialog first.
    if (result.error.code === "unauthenticated")
      throw await redirectWithFlash(`/academy/${params.slug}?login=true&returnTo=${encodeURIComponent(here)}`, {
        type: "info",
        title: "Sign in to continue",
        description: result.error.message,
      });
    if (result.error.code === "forbidden")
      throw await redirectWithFlash(`/academy/${params.slug}`, {
        type: "error",
        title: "This lesson is for enrolled students",
        description: result.error.message,
      });
    throw data(null, { status: 404, statusText: "Not Found" });
  }
  return result;
}

export const meta: Route.MetaFunction = (args) =>
  metaFor("/academy/:slug/lessons/:lesson", args, {
    title: args.data ? `${args.data.lesson.title} · ${args.data.course.title}` : undefined,
  });

export default function Lesson({ loaderData }: Route.ComponentProps) {
  const { course, lesson, previous, next, resources, quiz, enrolment, position } = loaderData;
  const base = `/academy/${course.slug}`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={enrolment ? `${base}/learn` : base} className="hover:text-fg hover:underline">
          {course.title}
        </Link>
        <span aria-hidden> / </span>
        <span>{lesson.moduleTitle}</span>
      </nav>
      <header className="mt-3">
        <p className="text-sm text-muted">
          Lesson {position.index} of {position.total} · {lesson.durationMinutes} min
          {lesson.isPreview && !enrolment ? " · Free preview" : ""}
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{lesson.title}</h1>
        {enrolment ? (
          <div className="mt-3">
            <div className="flex justify-between text-sm">
              <span>Course progress</span>
              <span>{enrolment.progressPct}%</span>
            </div>
            <div className="mt-1">
              <ProgressBar pct={enrolment.progressPct} label="Course progress" />
            </div>
          </div>
        ) : null}
      </header>

      {lesson.hasVideo ? (
        // No captions are authored for lesson videos yet; the lesson's full text sits below the video.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          controls
          preload="none"
          playsInline
          poster={lesson.posterPath ?? undefined}
          className="mt-6 aspect-video w-full rounded-2xl bg-black"
        >
          {lesson.hasLowVideo ? <source src={`/academy/media/lessons/${lesson.id}/low`} media="(max-width: 640px)" /> : null}
          <source src={`/academy/media/lessons/${lesson.id}/video`} />
          <p>
            Your browser cannot play this video. <a href={`/academy/media/lessons/${lesson.id}/video`}>Download it</a> instead.
          </p>
        </video>
      ) : null}

      <MarkdownText source={lesson.body} className="mt-6" />

      {resources.length > 0 ? (
        <section aria-labelledby="resources" className={`${cardClass} mt-8`}>
          <h2 id="resources" className="text-lg font-bold">
            Resources
          </h2>
          <ul className="mt-2 space-y-2">
            {resources.map((r) => (
              <li key={r.id}>
                <a href={`/academy/media/resources/${r.id}`} className="inline-flex items-center gap-2 font-semibold text-accent underline">
                  <Download className="h-4 w-4" aria-hidden /> {r.title}
                </a>
                <span className="ml-2 text-sm text-muted">{Math.max(1, Math.round(r.bytes / 1024))} KB</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {quiz ? <Quiz quiz={quiz} action={`${base}/lessons/${lesson.slug}/quiz`} enrolled={Boolean(enrolment)} /> : null}

      {enrolment ? (
        <div className="mt-8 rounded-2xl border border-line bg-surface p-4">
          {enrolment.completedAt ? (
            <p className="inline-flex items-center gap-2 font-semibold text-brand">
              <CheckCircle2 className="h-5 w-5" aria-hidden /> You completed this lesson
            </p>
          ) : (
            <Form method="post" action={`${base}/lessons/${lesson.slug}/complete`}>
              <button type="submit" className={buttonClass.primary}>
                <CheckCircle2 className="h-5 w-5" aria-hidden /> Mark lesson complete
              </button>
            </Form>
          )}
        </div>
      ) : (
        <div className="mt-8 rounded-2xl border border-line bg-surface p-4">
          <p className="font-semibold">Enjoying this lesson?</p>
          <p className="mt-1 text-muted">Enrol to open every lesson, take the quizzes, get your work marked and earn a certificate.</p>
          <Link to={base} className={`${buttonClass.primary} mt-3`}>
            See the course and intakes
          </Link>
        </div>
      )}

      <nav aria-label="Lessons" className="mt-8 flex flex-wrap justify-between gap-3">
        {previous && (enrolment || previous.isPreview) ? (
          <Link to={`${base}/lessons/${previous.slug}`} className={buttonClass.outline}>
            <ChevronLeft className="h-4 w-4" aria-hidden /> <span className="sr-only">Previous lesson: </span>
            {previous.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (enrolment || next.isPreview) ? (
          <Link to={`${base}/lessons/${next.slug}`} className={buttonClass.outline}>
            <span className="sr-only">Next lesson: </span>
            {next.title} <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

type TQuiz = NonNullable<Route.ComponentProps["loaderData"]["quiz"]>;

function Quiz({ quiz, action, enrolled }: { quiz: TQuiz; action: string; enrolled: boolean }) {
  const attemptsLeft = quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - quiz.attempts);
  return (
    <section aria-labelledby="quiz" className={`${cardClass} mt-8`}>
      <h2 id="quiz" className="text-lg font-bold">
        Quiz
      </h2>
      <p className="mt-1 text-sm text-muted">
        Pass mark {quiz.passMarkPct}% ·{" "}
        {quiz.maxAttempts === null
          ? "unlimited attempts"
          : `${attemptsLeft} of ${quiz.maxAttempts} attempt${quiz.maxAttempts === 1 ? "" : "s"} left`}
        {quiz.bestPct !== null ? ` · your best: ${quiz.bestPct}%${quiz.passed ? " (passed)" : ""}` : ""}
      </p>
      {!enrolled ? (
        <p className="mt-3">Enrol in the course to take the quiz.</p>
      ) : attemptsLeft === 0 ? (
        <p className="mt-3">You have used every attempt at this quiz.</p>
      ) : (
        <Form method="post" action={action} className="mt-4 space-y-5">
          <input type="hidden" name="questions" value={quiz.questions.length} />
          {quiz.questions.map((q, i) => (
            <fieldset key={q.id} className="space-y-2">
              <legend className="font-semibold">
                {i + 1}. {q.prompt}
              </legend>
              {q.options.map((option, o) => (
                <label key={o} className="flex cursor-pointer gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand">
                  <input type="radio" name={`answer-${i}`} value={o} required className="mt-1" />
                  <span>{option}</span>
                </label>
              ))}
            </fieldset>
          ))}
          <button type="submit" className={buttonClass.primary}>
            {quiz.attempts > 0 ? "Submit another attempt" : "Submit answers"}
          </button>
        </Form>
      )}
    </section>
  );
}
