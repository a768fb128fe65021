import { Award, BookOpen, Clock, PlayCircle, Star, Users } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/course";
import { EnrolPanel } from "~/components/academy/enrol-panel";
import { MarkdownText } from "~/components/academy/markdown-text";
import { ModuleList } from "~/components/academy/module-list";
import { Image } from "~/components/ui/image";
import { PageHeader } from "~/components/ui/page-header";
import { cardClass } from "~/components/ui/styles";
import { COURSE_CATEGORIES, COURSE_LEVELS, durationLabel, ratingLabel } from "@domain/academy/academy";
import { hasRoleLevel } from "@domain/access/roles";
import { formatLagosDate } from "@domain/time/lagos-time";
import { metaFor, originFrom } from "~/lib/meta";
import { courseJsonLd } from "~/lib/structured-data";
import { getViewerFrom } from "~/http/access.server";
import { isRenderedForNobody } from "~/http/shell.server";
import { useDeferredPersonalSummary, useLooksSignedIn } from "~/root";
import { getCoursePage } from "@server/academy/get-course-page";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = getViewerFrom(context);
  const page = await getCoursePage(params.slug, viewer ? { id: viewer.id, isStaff: hasRoleLevel(viewer.role, "staff") } : null);
  // Rendered for nobody, a draft is unknown; staff may preview it, so it is rendered again for the visitor.
  if (!page && isRenderedForNobody(request)) throw redirect(`/academy/${encodeURIComponent(params.slug)}?preview`);
  if (!page) throw data(null, { status: 404, statusText: "Not Found" });
  return { ...page, here: new URL(request.url).pathname };
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.data;
  if (!page) return metaFor("/academy/:slug", args);
  const { course } = page;
  const origin = originFrom(args);
  return metaFor("/academy/:slug", args, {
    title: course.title,
    description: course.summary,
    canonicalPath: `/academy/${course.slug}`,
    jsonLd: origin
      ? [
          courseJsonLd(origin, {
            slug: course.slug,
            title: course.title,
            description: course.summary,
            priceKobo: course.priceKobo,
            imagePath: course.imagePath,
            instructor: course.instructorName,
            level: COURSE_LEVELS[course.level],
            rating: course.rating,
            reviewCount: course.reviewCount,
            nextStartsAt: page.intakes[0]?.startsAt ?? null,
            durationWeeks: course.durationWeeks,
          }),
        ]
      : [],
  });
};

export default function Course({ loaderData }: Route.ComponentProps) {
  const { course, modules, intakes, reviews, firstPreview } = loaderData;
  // From the shared cache, the visitor's own enrolment arrives after load (docs/product/site-shell.md#personal-parts).
  const personal = useDeferredPersonalSummary();
  const enrolment = loaderData.enrolment ?? personal?.enrolments.find((e) => e.courseId === course.id) ?? null;
  const signedIn = useLooksSignedIn();
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/academy" className="hover:text-fg hover:underline">
          Academy
        </Link>
        <span aria-hidden> / </span>
        <Link to={`/academy?category=${course.category}`} className="hover:text-fg hover:underline">
          {COURSE_CATEGORIES[course.category]}
        </Link>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="min-w-0 space-y-8">
          <header>
            <PageHeader
              eyebrow={
                <>
                  {COURSE_CATEGORIES[course.category]} · {COURSE_LEVELS[course.level]}
                </>
              }
              title={course.title}
              titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
              introClassName="mt-3 text-lg text-muted"
            >
              {course.summary}
            </PageHeader>
            <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
              <li className="inline-flex items-center gap-1.5">
                <Clock className="h-4 w-4" aria-hidden /> {durationLabel(course)}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Star className="h-4 w-4" aria-hidden /> {ratingLabel(course.rating, course.reviewCount)}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Users className="h-4 w-4" aria-hidden /> {course.students} student{course.students === 1 ? "" : "s"}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <BookOpen className="h-4 w-4" aria-hidden /> {loaderData.lessonCount} lessons,{" "}
                {Math.round(loaderData.totalMinutes / 6) / 10} h of material
              </li>
            </ul>
          </header>

          {course.imagePath ? (
            <Image
              src={course.imagePath}
              alt=""
              width={640}
              height={360}
              priority
              className="aspect-video h-auto w-full rounded-2xl bg-surface-2 object-cover"
            />
          ) : null}

          <section aria-labelledby="about">
            <h2 id="about" className="text-2xl font-bold">
              About this course
            </h2>
            <MarkdownText source={course.description} className="mt-3" />
          </section>

          {course.outcomes.length > 0 ? (
            <section aria-labelledby="outcomes" className={cardClass}>
              <h2 id="outcomes" className="text-xl font-bold">
                What you will be able to do
              </h2>
              <ul className="mt-3 space-y-2">
                {course.outcomes.map((o) => (
                  <li key={o} className="flex gap-2">
                    <span aria-hidden className="text-brand">
                      ✓
                    </span>
                    {o}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="syllabus">
            <h2 id="syllabus" className="text-2xl font-bold">
              Syllabus
            </h2>
            <ModuleList
              modules={modules}
              lesson={(l) => (
                <>
                  <span className="inline-flex items-center gap-2">
                    {l.hasVideo ? (
                      <PlayCircle className="h-4 w-4 text-muted" aria-label="Video lesson" />
                    ) : (
                      <BookOpen className="h-4 w-4 text-muted" aria-label="Reading" />
                    )}
                    {l.isPreview || enrolment ? (
                      <Link to={`/academy/${course.slug}/lessons/${l.slug}`} className="font-medium text-accent underline">
                        {l.title}
                      </Link>
                    ) : (
                      <span>{l.title}</span>
                    )}
                    {l.isPreview && !enrolment ? (
                      <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold">Free preview</span>
                    ) : null}
                    {l.hasQuiz ? <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs">Quiz</span> : null}
                  </span>
                  <span className="text-muted">{l.durationMinutes} min</span>
                </>
              )}
            />
          </section>

          <section aria-labelledby="certificate" className={cardClass}>
            <h2 id="certificate" className="inline-flex items-center gap-2 text-xl font-bold">
              <Award className="h-5 w-5 text-accent" aria-hidden /> Your certificate
            </h2>
            <p className="mt-2">
              Complete all {loaderData.lessonCount} lessons
              {loaderData.quizCount ? `, pass ${loaderData.quizCount === 1 ? "the quiz" : `all ${loaderData.quizCount} quizzes`}` : ""}
              {loaderData.assignmentCount
                ? ` and pass ${loaderData.assignmentCount === 1 ? "the marked assignment" : `${loaderData.assignmentCount} marked assignments`}`
                : ""}
              . Your certificate carries your grade and a code anyone can check at zavolah.ng/verify.
            </p>
          </section>

          <section aria-labelledby="instructor">
            <h2 id="instructor" className="text-2xl font-bold">
              Your instructor
            </h2>
            <p className="mt-3 font-semibold">{course.instructorName}</p>
            <p className="text-sm text-muted">{course.instructorTitle}</p>
            <p className="mt-2">{course.instructorBio}</p>
          </section>

          <section aria-labelledby="reviews">
            <h2 id="reviews" className="text-2xl font-bold">
              What students say
            </h2>
            {reviews.length === 0 ? (
              <p className="mt-3 text-muted">No reviews yet: this course is new.</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {reviews.map((r) => (
                  <li key={r.id} className="rounded-2xl border border-line bg-surface p-4">
                    <p className="font-semibold">
                      <span aria-label={`${r.rating} out of 5 stars`}>{"★".repeat(r.rating)}</span>
                      <span aria-hidden className="text-muted">
                        {"★".repeat(5 - r.rating)}
                      </span>
                    </p>
                    <p className="mt-1">{r.body}</p>
                    <p className="mt-2 text-sm text-muted">
                      {r.name} · {formatLagosDate(r.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="lg:sticky lg:top-20">
          <EnrolPanel
            courseId={course.id}
            slug={course.slug}
            title={course.title}
            priceKobo={course.priceKobo}
            intakes={intakes}
            enrolment={enrolment}
            signedIn={signedIn}
            here={loaderData.here}
            previewSlug={firstPreview?.slug ?? null}
          />
        </aside>
      </div>
    </div>
  );
}
