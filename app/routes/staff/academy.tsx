import { Link } from "react-router";
import type { Route } from "./+types/academy";
import { ZCourseFields } from "@domain/academy/course-authoring-input";
import { parseThen } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { formatLagosDate } from "@domain/time/lagos-time";
import { createCourse } from "@server/academy/create-course";
import { listStaffCourses } from "@server/academy/list-staff-courses";
import { CourseFields } from "~/components/academy-staff/course-form";
import { StatusBadge } from "~/components/academy-staff/status-badge";
import { ItemValue, StaffItemRow, StaffItemsCard, StaffNewItemForm, StaffPageHeader } from "~/components/ui/staff-page";
import { buttonClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { formRefusal } from "~/http/action-response.server";
import { redirectWithFlash } from "~/http/form.server";
import { readForm } from "~/http/request-input.server";
import { formErrorsIn, formRefusalIn } from "~/lib/action-answer";
import { metaFor } from "~/lib/meta";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/academy", args);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  return { courses: await listStaffCourses() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const fields = await readForm(request);
  const result = await parseThen(ZCourseFields, fields, Object.keys(ZCourseFields.shape), (input) => createCourse(staff, input));
  if (!result.ok) return formRefusal(result, fields);
  return redirectWithFlash(`/staff/academy/courses/${result.courseId}`, {
    type: "success",
    title: "Course created",
    description: `${result.message}. Add modules, lessons and an intake, then publish it.`,
  });
}

export default function StaffAcademy({ loaderData, actionData }: Route.ComponentProps) {
  const { courses } = loaderData;
  const failed = formRefusalIn(actionData);
  const errors = formErrorsIn(failed);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <StaffPageHeader
        title="Academy"
        intro="Every course, drafts and archived ones too. Open a course to edit its lessons, quizzes, assignments and intakes, and to publish it."
      />
      <nav aria-label="Academy work" className="flex flex-wrap gap-2">
        <Link to="/staff/academy/grading" className={buttonClass.outline}>
          Grading queue
        </Link>
        <Link to="/staff/academy/certificates" className={buttonClass.outline}>
          Certificates
        </Link>
        <a href="#new-course" className={buttonClass.primary}>
          New course
        </a>
      </nav>

      <StaffItemsCard id="courses-title" title="Courses" count={courses.length} empty="No courses yet. Create the first one below.">
        {courses.map((c) => (
          <StaffItemRow
            key={c.id}
            testId="staff-course-row"
            to={`/staff/academy/courses/${c.id}`}
            name={c.title}
            details={
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                <StatusBadge status={c.status} />
                <span className="font-mono break-all">/{c.slug}</span>
              </p>
            }
          >
            <ItemValue label="Price">{c.priceKobo === 0 ? "Free" : formatKobo(c.priceKobo)}</ItemValue>
            <ItemValue label="Next intake">
              {c.nextStart ? formatLagosDate(c.nextStart) : <span className="text-muted">No intake open</span>}
            </ItemValue>
            <ItemValue label="Students">
              {c.students.toLocaleString("en-NG")}
              <span className="text-muted sm:hidden"> students</span>
            </ItemValue>
            <div className="flex flex-wrap gap-2">
              <Link to={`/staff/academy/courses/${c.id}`} className={buttonClass.outline} aria-label={`Edit ${c.title}`}>
                Edit
              </Link>
              {c.status === "published" ? (
                <Link to={`/academy/${c.slug}`} className={buttonClass.ghost} aria-label={`View ${c.title} on the site`}>
                  View
                </Link>
              ) : null}
            </div>
          </StaffItemRow>
        ))}
      </StaffItemsCard>

      <StaffNewItemForm
        id="new-course"
        title="New course"
        note={<p className="text-sm text-muted">It starts as a draft that only staff see.</p>}
        error={errors.form ?? (failed && !failed.error.field ? failed.error.message : null)}
        submit="Create course"
      >
        <CourseFields v={failed?.values ?? {}} errors={errors} />
      </StaffNewItemForm>
    </div>
  );
}
