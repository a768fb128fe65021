import type { Route } from "./+types/catalogue";
import { CourseCard } from "~/components/academy/course-card";
import { SearchField, SelectField } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/filter-panel";
import { Pagination, ResultsSummary } from "~/components/ui/pagination";
import { buttonClass } from "~/components/ui/styles";
import { EmptyResults } from "~/components/ui/empty-results";
import { PageHeader } from "~/components/ui/page-header";
import {
  COURSE_CATEGORIES,
  COURSE_CATEGORY_KEYS,
  COURSE_LEVEL_KEYS,
  COURSE_LEVELS,
  COURSE_PRICES,
  COURSE_SORTS,
  COURSES_PER_PAGE,
  academyHref,
  type TCourseSort,
} from "@domain/academy/academy";
import { metaFor } from "~/lib/meta";
import { listCourses } from "@server/academy/list-courses";

export async function loader({ request }: Route.LoaderArgs) {
  // Bad values in the address fall back to defaults: a mistyped link still shows the catalogue.
  return listCourses(new URL(request.url).searchParams);
}

export const meta: Route.MetaFunction = (args) => {
  const f = args.data?.filters;
  const title = f?.q ? `Courses: ${f.q}` : f?.category ? `${COURSE_CATEGORIES[f.category]} courses` : undefined;
  return metaFor("/academy", args, { title });
};

const CATEGORY_OPTIONS = COURSE_CATEGORY_KEYS.map((k) => [k, COURSE_CATEGORIES[k]] as const);
const LEVEL_OPTIONS = COURSE_LEVEL_KEYS.map((k) => [k, COURSE_LEVELS[k]] as const);
const PRICE_OPTIONS = (Object.keys(COURSE_PRICES) as (keyof typeof COURSE_PRICES)[]).map((k) => [k, COURSE_PRICES[k]] as const);
const SORT_OPTIONS = (Object.keys(COURSE_SORTS) as TCourseSort[]).map((k) => [k, COURSE_SORTS[k]] as const);

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters } = loaderData;
  const filtered = Boolean(filters.q || filters.category || filters.level || filters.price);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <header className="max-w-3xl">
        <PageHeader
          eyebrow="Zavolah Academy"
          title="Learn solar, storage and smart furniture from people who build them"
          titleClassName="mt-2 text-3xl font-bold sm:text-4xl"
          introClassName="mt-3 text-muted sm:text-lg"
        >
          Short, practical courses with video lessons, quizzes, marked assignments and a certificate employers can verify.
        </PageHeader>
      </header>

      <form
        method="get"
        action="/academy"
        role="search"
        aria-label="Find a course"
        className="mt-6 rounded-2xl border border-line bg-surface p-4 shadow-sm"
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end">
          <SearchField value={filters.q} placeholder="e.g. inverter" maxLength={100} />
          <FilterSelect label="Category" name="category" value={filters.category} anyLabel="All categories" options={CATEGORY_OPTIONS} />
          <FilterSelect label="Level" name="level" value={filters.level} anyLabel="All levels" options={LEVEL_OPTIONS} />
          <FilterSelect label="Price" name="price" value={filters.price} anyLabel="Free and paid" options={PRICE_OPTIONS} />
          <SelectField label="Sort by" name="sort" defaultValue={filters.sort} options={SORT_OPTIONS} />
          <button type="submit" className={buttonClass.primary}>
            Show courses
          </button>
        </div>
      </form>

      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="sr-only">
          Courses
        </h2>
        <ResultsSummary total={total} page={page} perPage={COURSES_PER_PAGE} shown={items.length} noun={["course", "courses"]} />
        {items.length === 0 ? (
          <EmptyResults
            title={`No course matches ${filtered ? "these filters" : "yet"}`}
            hint="Try another word or fewer filters. New intakes open every month."
            links={[
              { to: "/academy", label: "See all courses", look: "primary" },
              { to: "/contact", label: "Ask about training", look: "outline" },
            ]}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 lg:grid-cols-3">
            {items.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} href={(n) => academyHref({ ...filters, page: n })} label="Course pages" />
      </section>
    </div>
  );
}
