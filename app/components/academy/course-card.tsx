import { Link } from "react-router";
import { Image } from "~/components/ui/image";
import { COURSE_CATEGORIES, COURSE_LEVELS, durationLabel, ratingLabel, type TCourseCard } from "@domain/academy/academy";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";

export function coursePriceText(priceKobo: number): string {
  return priceKobo === 0 ? "Free" : formatKobo(priceKobo).replace(/\.00$/, "");
}

/** One course in the catalogue: the whole card opens the course page (one link, named by the course). */
export function CourseCard({ course }: { course: TCourseCard }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand hover:shadow-md">
      {course.imagePath ? (
        <Image src={course.imagePath} alt="" width={640} height={360} className="aspect-video h-auto w-full bg-surface-2 object-cover" />
      ) : (
        <div className="aspect-video w-full bg-surface-2" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {COURSE_CATEGORIES[course.category]} · {COURSE_LEVELS[course.level]}
        </p>
        <h2 className="text-lg font-semibold leading-snug">
          <Link
            to={`/academy/${course.slug}`}
            prefetch="intent"
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand"
          >
            {course.title}
          </Link>
        </h2>
        <p className="text-sm text-muted">{course.summary}</p>
        <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          <dt className="sr-only">Instructor</dt>
          <dd className="col-span-2">{course.instructorName}</dd>
          <dt className="sr-only">Duration</dt>
          <dd>{durationLabel(course)}</dd>
          <dt className="sr-only">Rating</dt>
          <dd>
            <span aria-hidden>★ </span>
            {ratingLabel(course.rating, course.reviewCount)}
          </dd>
          <dt className="sr-only">Students</dt>
          <dd>
            {course.students} student{course.students === 1 ? "" : "s"}
          </dd>
          <dt className="sr-only">Next intake</dt>
          <dd className="col-span-2 text-muted">
            {course.nextIntake
              ? `Starts ${formatLagosDate(course.nextIntake.startsAt)} · enrol by ${formatLagosDate(course.nextIntake.enrolmentClosesAt)}`
              : "No intake open"}
          </dd>
        </dl>
        <p className="mt-auto pt-2 text-lg font-bold">{coursePriceText(course.priceKobo)}</p>
      </div>
    </article>
  );
}
