import { data, Link } from "react-router";
import type { Route } from "./+types/academy-course";
import { COURSE_CATEGORIES, COURSE_LEVELS } from "@domain/academy/academy";
import { idOrNull } from "@domain/academy/course-authoring-input";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { findStaffCourse } from "@server/academy/find-staff-course";
import { AssignmentItem } from "~/components/academy-staff/assignment-item";
import { CourseDetailsForm } from "~/components/academy-staff/course-details-form";
import { CourseStatusActions } from "~/components/academy-staff/course-status-actions";
import { CourseStudents } from "~/components/academy-staff/course-students";
import { IntakeItem } from "~/components/academy-staff/intake-item";
import { AddItemForm } from "~/components/academy-staff/item-editor";
import { ItemForm } from "~/components/ui/action-form";
import { AssignmentFields, IntakeFields } from "~/components/academy-staff/item-fields";
import { ModuleItem } from "~/components/academy-staff/module-item";
import { StatusBadge } from "~/components/academy-staff/status-badge";
import { Field } from "~/components/ui/field";
import { BackLink, StaffCard } from "~/components/ui/staff-page";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { runPageIntent } from "~/http/page-intents.server";
import { readFormData, textFields } from "~/http/request-input.server";
import { metaFor } from "~/lib/meta";
import { COURSE_INTENTS, notOfThisCourse } from "./academy-course-actions.server";

// A course's editor for staff (docs/product/academy.md#staff-authoring): its status, details, syllabus, assignments,
// intakes and students. Its forms' intents are in academy-course-actions.server.ts.

export const meta: Route.MetaFunction = (args) => metaFor("/staff/academy/courses/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const courseId = idOrNull("course", params.id);
  const found = courseId === null ? null : await findStaffCourse(courseId);
  if (!found) throw data("No such course", { status: 404 });
  return found;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const form = await readFormData(request);
  const fields = textFields(form);
  const result =
    (await notOfThisCourse(fields, params.id)) ?? (await runPageIntent(COURSE_INTENTS, fields, { staff, courseId: params.id, form }));
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Saved", description: "message" in r ? String(r.message) : undefined }),
    failedTitle: "Not changed",
  });
}

export default function StaffCourse({ loaderData }: Route.ComponentProps) {
  const { course, modules, intakes, assignments, students } = loaderData;
  const lessonCount = modules.reduce((n, m) => n + m.lessons.length, 0);
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <BackLink to="/staff/academy">Academy</BackLink>
        <h1 className="text-3xl font-bold break-words">{course.title}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <StatusBadge status={course.status} />
          <span>{course.priceKobo === 0 ? "Free" : formatKobo(course.priceKobo)}</span>
          <span>·</span>
          <span>
            {COURSE_CATEGORIES[course.category as keyof typeof COURSE_CATEGORIES] ?? course.category},{" "}
            {COURSE_LEVELS[course.level as keyof typeof COURSE_LEVELS] ?? course.level}
          </span>
          {course.publishedAt ? <span>· first published {formatLagosDateTime(course.publishedAt)}</span> : null}
        </p>
        {course.status === "published" ? (
          <p>
            <Link to={`/academy/${course.slug}`} className="text-sm text-brand underline">
              View the course page
            </Link>
          </p>
        ) : null}
      </header>

      <StaffCard titleId="status-title" title="Status">
        <CourseStatusActions status={course.status} lessons={lessonCount} intakes={intakes.length} />
      </StaffCard>

      <StaffCard titleId="details-title" title="Details">
        <CourseDetailsForm course={course} />
      </StaffCard>

      <StaffCard titleId="syllabus-title" title="Modules and lessons">
        {modules.length === 0 ? <p className="text-sm text-muted">No modules yet. Add the first one below.</p> : null}
        <ol className="space-y-4">
          {modules.map((m, i) => (
            <ModuleItem key={m.id} module={m} first={i === 0} last={i === modules.length - 1} />
          ))}
        </ol>
        <ItemForm
          intent="module-add"
          label="New module"
          className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
          fields={(fieldError) => (
            <Field
              label="New module title"
              name="title"
              maxLength={120}
              error={fieldError("title")}
              placeholder="Module 1: Sizing a system"
            />
          )}
          submit="Add module"
        />
      </StaffCard>

      <StaffCard titleId="assignments-title" title="Assignments">
        {assignments.length === 0 ? <p className="text-sm text-muted">No assignments.</p> : null}
        <ul className="divide-y divide-line">
          {assignments.map((a) => (
            <AssignmentItem key={a.id} assignment={a} />
          ))}
        </ul>
        <AddItemForm
          summary="Add an assignment"
          intent="assignment-add"
          label="New assignment"
          className="mt-3 grid gap-3 sm:grid-cols-3"
          fields={(fieldError) => <AssignmentFields fieldError={fieldError} />}
          submit="Add assignment"
          submitClassName="sm:col-span-3 sm:justify-self-start"
        />
      </StaffCard>

      <StaffCard titleId="intakes-title" title="Intakes">
        <p className="text-sm text-muted">Times are Lagos time. The enrolment deadline is on or before the start.</p>
        {intakes.length === 0 ? <p className="text-sm text-muted">No intakes yet.</p> : null}
        <ul className="space-y-3">
          {intakes.map((intake) => (
            <IntakeItem key={intake.id} intake={intake} />
          ))}
        </ul>
        <ItemForm
          intent="intake-add"
          label="New intake"
          className="grid gap-3 sm:grid-cols-3 sm:items-start"
          fields={(fieldError) => <IntakeFields fieldError={fieldError} />}
          submit="Add intake"
          submitClassName="sm:col-span-3 sm:justify-self-start"
        />
      </StaffCard>

      <StaffCard titleId="students-title" title={`Students (${students.filter((s) => s.status !== "cancelled").length})`}>
        <CourseStudents students={students} />
      </StaffCard>
    </div>
  );
}
