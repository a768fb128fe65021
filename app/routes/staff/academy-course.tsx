import { data, Link } from "react-router";
import type { Route } from "./+types/academy-course";
import { COURSE_LEVELS, COURSE_CATEGORIES } from "@domain/academy/academy";
import { instantToLagosLocal } from "@domain/time/lagos-time";
import { koboToNairaInput } from "@domain/money/money";
import { publishBlocker } from "@domain/academy/course-authoring";
import {
  idOrNull,
  ZAssignmentEdit,
  ZAssignmentNew,
  ZAssignmentRef,
  ZCourseEdit,
  ZCourseFields,
  ZCourseStatusChange,
  ZIntakeEdit,
  ZIntakeNew,
  ZIntakeRef,
  ZLessonEdit,
  ZLessonNew,
  ZLessonRef,
  ZLiveSessionEdit,
  ZLiveSessionNew,
  ZLiveSessionRef,
  ZModuleNew,
  ZModuleRef,
  ZModuleRename,
  ZMove,
  ZQuizQuestionEdit,
  ZQuizQuestionNew,
  ZQuizQuestionRef,
  ZQuizSettings,
  ZResourceNew,
  ZResourceRef,
} from "@domain/academy/course-authoring-input";
import { parseThen, refuse } from "@domain/errors/app-error";
import { formatKobo } from "@domain/money/money";
import { formatLagosDateTime } from "@domain/time/lagos-time";
import { addAssignment } from "@server/academy/add-assignment";
import { addIntake } from "@server/academy/add-intake";
import { addLesson } from "@server/academy/add-lesson";
import { addLessonResource } from "@server/academy/add-lesson-resource";
import { addLiveSession } from "@server/academy/add-live-session";
import { addModule } from "@server/academy/add-module";
import { addQuizQuestion } from "@server/academy/add-quiz-question";
import { deleteAssignment } from "@server/academy/delete-assignment";
import { deleteIntake } from "@server/academy/delete-intake";
import { deleteLesson } from "@server/academy/delete-lesson";
import { deleteLessonResource } from "@server/academy/delete-lesson-resource";
import { deleteLiveSession } from "@server/academy/delete-live-session";
import { updateAssignment } from "@server/academy/update-assignment";
import { updateIntake } from "@server/academy/update-intake";
import { updateLiveSession } from "@server/academy/update-live-session";
import { updateQuizQuestion } from "@server/academy/update-quiz-question";
import { deleteModule } from "@server/academy/delete-module";
import { deleteQuizQuestion } from "@server/academy/delete-quiz-question";
import { courseOfItem, type TCourseItem } from "@server/academy/course-of-item";
import { findStaffCourse, type TStaffCourse } from "@server/academy/find-staff-course";
import { moveLesson } from "@server/academy/move-lesson";
import { moveModule } from "@server/academy/move-module";
import { removeLessonVideo } from "@server/academy/remove-lesson-video";
import { renameModule } from "@server/academy/rename-module";
import { saveQuizSettings } from "@server/academy/save-quiz-settings";
import { setCourseStatus } from "@server/academy/set-course-status";
import { updateLesson } from "@server/academy/update-lesson";
import { updateCourse } from "@server/academy/update-course";
import { uploadLessonVideo } from "@server/academy/upload-lesson-video";
import { ActionButton, ActionForm, SubmitButton } from "~/components/academy-staff/action-form";
import { CourseFields } from "~/components/academy-staff/course-form";
import { StatusBadge } from "~/components/academy-staff/status-badge";
import { Field, TextareaField } from "~/components/ui/field";
import { BackLink } from "~/components/ui/staff-page";
import { cardClass } from "~/components/ui/styles";
import { requireRole } from "~/http/access.server";
import { actionResponse } from "~/http/action-response.server";
import { metaFor } from "~/lib/meta";
import { readFormData } from "~/http/request-input.server";

export const meta: Route.MetaFunction = (args) => metaFor("/staff/academy/courses/:id", args);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(context, request, "staff");
  const courseId = idOrNull("course", params.id);
  const found = courseId === null ? null : await findStaffCourse(courseId);
  if (!found) throw data("No such course", { status: 404 });
  return found;
}

const COURSE_FORM_FIELDS = Object.keys(ZCourseFields.shape);

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireRole(context, request, "staff");
  const form = await readFormData(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const fileOf = (name: string) => {
    const f = form.get(name);
    return f && typeof f !== "string" && f.size > 0 ? f : null;
  };
  const courseFields = { ...fields, courseId: params.id };
  const result = await (async () => {
    const foreign = await notOfThisCourse(fields, params.id);
    if (foreign) return foreign;
    switch (fields.intent) {
      case "course":
        return parseThen(ZCourseEdit, courseFields, COURSE_FORM_FIELDS, (input) => updateCourse(staff, input));
      case "status":
        return parseThen(ZCourseStatusChange, courseFields, [], (input) => setCourseStatus(staff, input));
      case "module-add":
        return parseThen(ZModuleNew, courseFields, ["title"], (input) => addModule(staff, input));
      case "module-rename":
        return parseThen(ZModuleRename, fields, ["title"], (input) => renameModule(staff, input));
      case "module-move":
        return parseThen(ZMove, fields, [], (input) => moveModule(staff, input));
      case "module-delete":
        return parseThen(ZModuleRef, fields, [], (input) => deleteModule(staff, input));
      case "lesson-add":
        return parseThen(ZLessonNew, fields, ["title", "slug", "durationMinutes", "body"], (input) => addLesson(staff, input));
      case "lesson-edit":
        return parseThen(ZLessonEdit, fields, ["title", "slug", "durationMinutes", "body"], (input) => updateLesson(staff, input));
      case "lesson-move":
        return parseThen(ZMove, fields, [], (input) => moveLesson(staff, input));
      case "lesson-delete":
        return parseThen(ZLessonRef, fields, [], (input) => deleteLesson(staff, input));
      case "video-upload":
        return parseThen(ZLessonRef, fields, [], (input) => uploadLessonVideo(staff, { ...input, file: fileOf("video") }));
      case "video-remove":
        return parseThen(ZLessonRef, fields, [], (input) => removeLessonVideo(staff, input));
      case "resource-add":
        return parseThen(ZResourceNew, fields, ["title"], (input) => addLessonResource(staff, { ...input, file: fileOf("file") }));
      case "resource-delete":
        return parseThen(ZResourceRef, fields, [], (input) => deleteLessonResource(staff, input));
      case "quiz-settings":
        return parseThen(ZQuizSettings, fields, ["passMarkPct", "maxAttempts"], (input) => saveQuizSettings(staff, input));
      case "question-add":
        return parseThen(ZQuizQuestionNew, fields, ["prompt", "options", "correctOption"], (input) => addQuizQuestion(staff, input));
      case "question-edit":
        return parseThen(ZQuizQuestionEdit, fields, ["prompt", "options", "correctOption"], (input) => updateQuizQuestion(staff, input));
      case "question-delete":
        return parseThen(ZQuizQuestionRef, fields, [], (input) => deleteQuizQuestion(staff, input));
      case "assignment-add":
        return parseThen(ZAssignmentNew, courseFields, ["title", "instructions", "maxScore", "passScore", "dueDaysAfterStart"], (input) =>
          addAssignment(staff, input),
        );
      case "assignment-edit":
        return parseThen(ZAssignmentEdit, fields, ["title", "instructions", "maxScore", "passScore", "dueDaysAfterStart"], (input) =>
          updateAssignment(staff, input),
        );
      case "assignment-delete":
        return parseThen(ZAssignmentRef, fields, [], (input) => deleteAssignment(staff, input));
      case "intake-add":
        return parseThen(ZIntakeNew, courseFields, ["startsAt", "enrolmentClosesAt", "capacity"], (input) => addIntake(staff, input));
      case "intake-edit":
        return parseThen(ZIntakeEdit, fields, ["startsAt", "enrolmentClosesAt", "capacity"], (input) => updateIntake(staff, input));
      case "intake-delete":
        return parseThen(ZIntakeRef, fields, [], (input) => deleteIntake(staff, input));
      case "session-add":
        return parseThen(ZLiveSessionNew, fields, ["title", "startsAt", "durationMinutes", "place"], (input) =>
          addLiveSession(staff, input),
        );
      case "session-edit":
        return parseThen(ZLiveSessionEdit, fields, ["title", "startsAt", "durationMinutes", "place"], (input) =>
          updateLiveSession(staff, input),
        );
      case "session-delete":
        return parseThen(ZLiveSessionRef, fields, [], (input) => deleteLiveSession(staff, input));
      default:
        return refuse("invalid_input", "Unknown action");
    }
  })();
  return actionResponse(request, fields, result, {
    done: (r) => ({ type: "success", title: "Saved", description: "message" in r ? String(r.message) : undefined }),
    failedTitle: "Not changed",
  });
}

/** Which id field each action names, and what it is. */
const ITEM_OF_INTENT: Record<string, [string, TCourseItem]> = {
  "module-rename": ["moduleId", "module"],
  "module-move": ["id", "module"],
  "module-delete": ["moduleId", "module"],
  "lesson-add": ["moduleId", "module"],
  "lesson-edit": ["lessonId", "lesson"],
  "lesson-move": ["id", "lesson"],
  "lesson-delete": ["lessonId", "lesson"],
  "video-upload": ["lessonId", "lesson"],
  "video-remove": ["lessonId", "lesson"],
  "resource-add": ["lessonId", "lesson"],
  "resource-delete": ["resourceId", "resource"],
  "quiz-settings": ["lessonId", "lesson"],
  "question-add": ["lessonId", "lesson"],
  "question-edit": ["questionId", "question"],
  "question-delete": ["questionId", "question"],
  "assignment-edit": ["assignmentId", "assignment"],
  "assignment-delete": ["assignmentId", "assignment"],
  "intake-edit": ["intakeId", "intake"],
  "intake-delete": ["intakeId", "intake"],
  "session-add": ["intakeId", "intake"],
  "session-edit": ["sessionId", "session"],
  "session-delete": ["sessionId", "session"],
};

/** A refusal when the form names an item of another course (or none), so this page changes only its own course. */
async function notOfThisCourse(fields: Record<string, string>, courseParam: string) {
  const item = ITEM_OF_INTENT[fields.intent ?? ""];
  if (!item) return null;
  const [field, kind] = item;
  // An id that does not parse belongs to no course.
  const itemId = idOrNull(kind, fields[field]);
  const courseId = idOrNull("course", courseParam);
  const owner = itemId === null ? null : await courseOfItem(kind, itemId);
  if (owner !== null && owner === courseId) return null;
  return refuse("not_found", `That ${kind === "session" ? "live session" : kind} is not part of this course.`);
}

type TModule = TStaffCourse["modules"][number];
type TLesson = TModule["lessons"][number];
type TIntake = TStaffCourse["intakes"][number];

const sectionClass = `${cardClass} space-y-4`;

export default function StaffCourse({ loaderData }: Route.ComponentProps) {
  const { course, modules, intakes, assignments, students } = loaderData;
  const lessonCount = modules.reduce((n, m) => n + m.lessons.length, 0);
  const blocker = publishBlocker({ lessons: lessonCount, intakes: intakes.length });
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

      <section aria-labelledby="status-title" className={sectionClass}>
        <h2 id="status-title" className="text-lg font-semibold">
          Status
        </h2>
        <p className="text-sm text-muted">
          Draft: only staff see it. Published: listed and open to enrolment. Archived: not listed; enrolled students keep their access.
        </p>
        {course.status !== "published" && blocker ? <p className="text-sm text-danger">{blocker}</p> : null}
        <div className="flex flex-wrap gap-2">
          {course.status !== "published" ? (
            <ActionButton intent="status" hidden={{ status: "published" }} label="Publish" tone="primary">
              Publish
            </ActionButton>
          ) : (
            <ActionButton intent="status" hidden={{ status: "archived" }} label="Unpublish" confirm="Take this course off the catalogue?">
              Unpublish (archive)
            </ActionButton>
          )}
          {course.status !== "draft" ? (
            <ActionButton intent="status" hidden={{ status: "draft" }} label="Back to draft">
              Back to draft
            </ActionButton>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="details-title" className={sectionClass}>
        <h2 id="details-title" className="text-lg font-semibold">
          Details
        </h2>
        <ActionForm intent="course" label="Course details" className="space-y-4">
          {({ fieldError, busy }) => (
            <>
              <CourseFields
                key={course.updatedAt.toString()}
                v={{
                  title: course.title,
                  slug: course.slug,
                  summary: course.summary,
                  description: course.description,
                  category: course.category,
                  level: course.level,
                  durationWeeks: String(course.durationWeeks),
                  hoursPerWeek: String(course.hoursPerWeek),
                  price: koboToNairaInput(course.priceKobo),
                  instructorName: course.instructorName,
                  instructorTitle: course.instructorTitle,
                  instructorBio: course.instructorBio,
                  outcomes: course.outcomes.join("\n"),
                  passMarkPct: String(course.passMarkPct),
                }}
                errors={new Proxy({}, { get: (_, k) => (typeof k === "string" ? fieldError(k) : undefined) })}
              />
              <SubmitButton busy={busy} tone="primary">
                Save details
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </section>

      <section aria-labelledby="syllabus-title" className={sectionClass}>
        <h2 id="syllabus-title" className="text-lg font-semibold">
          Modules and lessons
        </h2>
        {modules.length === 0 ? <p className="text-sm text-muted">No modules yet. Add the first one below.</p> : null}
        <ol className="space-y-4">
          {modules.map((m, i) => (
            <ModuleItem key={m.id} module={m} first={i === 0} last={i === modules.length - 1} />
          ))}
        </ol>
        <ActionForm intent="module-add" label="New module" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          {({ fieldError, busy }) => (
            <>
              <Field
                label="New module title"
                name="title"
                maxLength={120}
                error={fieldError("title")}
                placeholder="Module 1: Sizing a system"
              />
              <SubmitButton busy={busy} tone="primary">
                Add module
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </section>

      <section aria-labelledby="assignments-title" className={sectionClass}>
        <h2 id="assignments-title" className="text-lg font-semibold">
          Assignments
        </h2>
        {assignments.length === 0 ? <p className="text-sm text-muted">No assignments.</p> : null}
        <ul className="divide-y divide-line">
          {assignments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{a.title}</p>
                <p className="text-xs text-muted">
                  Pass {a.passScore} of {a.maxScore} · due {a.dueDaysAfterStart} day{a.dueDaysAfterStart === 1 ? "" : "s"} after the start
                </p>
              </div>
              <ActionButton
                intent="assignment-delete"
                hidden={{ assignmentId: a.id }}
                label={`Delete assignment ${a.title}`}
                tone="ghost"
                confirm="Delete this assignment?"
              >
                Delete
              </ActionButton>
              <details className="w-full">
                <summary className="cursor-pointer text-sm font-semibold text-brand">Edit</summary>
                <ActionForm
                  intent="assignment-edit"
                  hidden={{ assignmentId: a.id }}
                  label={`Edit assignment ${a.title}`}
                  className="mt-3 grid gap-3 sm:grid-cols-3"
                >
                  {({ fieldError, busy }) => (
                    <>
                      <AssignmentFields fieldError={fieldError} values={a} />
                      <SubmitButton busy={busy} tone="primary" className="sm:col-span-3 sm:justify-self-start">
                        Save assignment
                      </SubmitButton>
                    </>
                  )}
                </ActionForm>
              </details>
            </li>
          ))}
        </ul>
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-brand">Add an assignment</summary>
          <ActionForm intent="assignment-add" label="New assignment" className="mt-3 grid gap-3 sm:grid-cols-3">
            {({ fieldError, busy }) => (
              <>
                <AssignmentFields fieldError={fieldError} />
                <SubmitButton busy={busy} tone="primary" className="sm:col-span-3 sm:justify-self-start">
                  Add assignment
                </SubmitButton>
              </>
            )}
          </ActionForm>
        </details>
      </section>

      <section aria-labelledby="intakes-title" className={sectionClass}>
        <h2 id="intakes-title" className="text-lg font-semibold">
          Intakes
        </h2>
        <p className="text-sm text-muted">Times are Lagos time. The enrolment deadline is on or before the start.</p>
        {intakes.length === 0 ? <p className="text-sm text-muted">No intakes yet.</p> : null}
        <ul className="space-y-3">
          {intakes.map((intake) => (
            <IntakeItem key={intake.id} intake={intake} />
          ))}
        </ul>
        <ActionForm intent="intake-add" label="New intake" className="grid gap-3 sm:grid-cols-3 sm:items-start">
          {({ fieldError, busy }) => (
            <>
              <IntakeFields fieldError={fieldError} />
              <SubmitButton busy={busy} tone="primary" className="sm:col-span-3 sm:justify-self-start">
                Add intake
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </section>

      <section aria-labelledby="students-title" className={sectionClass}>
        <h2 id="students-title" className="text-lg font-semibold">
          Students ({students.filter((s) => s.status !== "cancelled").length})
        </h2>
        {students.length === 0 ? <p className="text-sm text-muted">Nobody has enrolled yet.</p> : null}
        <ul className="divide-y divide-line" aria-label="Enrolments">
          {students.map((s) => (
            <li key={s.id} className="grid gap-1 py-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-center">
              <div className="min-w-0">
                <p className="font-medium break-words">{s.name}</p>
                <p className="truncate text-xs text-muted">{s.email}</p>
              </div>
              <div className="flex items-center gap-2">
                <progress
                  value={s.progressPct}
                  max={100}
                  className="h-2 w-full accent-[var(--brand)]"
                  aria-label={`Progress of ${s.name}`}
                />
                <span className="w-10 text-right text-sm tabular-nums">{s.progressPct}%</span>
              </div>
              <span className="text-sm capitalize">{s.status}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The up and down buttons of an item in an ordered list (a module, a lesson): none past either end. */
function MoveButtons({ intent, id, name, first, last }: { intent: string; id: number; name: string; first: boolean; last: boolean }) {
  return (
    <>
      {!first ? (
        <ActionButton intent={intent} hidden={{ id, direction: "up" }} label={`Move ${name} up`} tone="ghost">
          ↑
        </ActionButton>
      ) : null}
      {!last ? (
        <ActionButton intent={intent} hidden={{ id, direction: "down" }} label={`Move ${name} down`} tone="ghost">
          ↓
        </ActionButton>
      ) : null}
    </>
  );
}

function ModuleItem({ module: m, first, last }: { module: TModule; first: boolean; last: boolean }) {
  return (
    <li className="rounded-xl border border-line p-3 sm:p-4" data-testid="module">
      <div className="flex flex-wrap items-end gap-2">
        <ActionForm
          intent="module-rename"
          hidden={{ moduleId: m.id }}
          label={`Rename module ${m.title}`}
          className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
        >
          {({ fieldError, busy }) => (
            <>
              <Field
                key={m.title}
                label="Module title"
                name="title"
                defaultValue={m.title}
                maxLength={120}
                error={fieldError("title")}
                className="min-w-0 flex-1"
              />
              <SubmitButton busy={busy} tone="outline">
                Rename
              </SubmitButton>
            </>
          )}
        </ActionForm>
        <div className="flex flex-wrap gap-1">
          <MoveButtons intent="module-move" id={m.id} name={`module ${m.title}`} first={first} last={last} />
          {m.lessons.length === 0 ? (
            <ActionButton
              intent="module-delete"
              hidden={{ moduleId: m.id }}
              label={`Delete module ${m.title}`}
              tone="ghost"
              confirm="Delete this module?"
            >
              Delete
            </ActionButton>
          ) : null}
        </div>
      </div>
      <ol className="mt-3 space-y-2">
        {m.lessons.map((l, i) => (
          <LessonItem key={l.id} lesson={l} first={i === 0} last={i === m.lessons.length - 1} />
        ))}
      </ol>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-brand">Add a lesson to {m.title}</summary>
        <ActionForm intent="lesson-add" hidden={{ moduleId: m.id }} label={`New lesson in ${m.title}`} className="mt-3 space-y-3">
          {({ fieldError, busy }) => (
            <>
              <LessonFields fieldError={fieldError} />
              <SubmitButton busy={busy} tone="primary">
                Add lesson
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </details>
    </li>
  );
}

function LessonFields({ lesson, fieldError }: { lesson?: TLesson; fieldError: (name: string) => string | undefined }) {
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr]">
      <Field label="Lesson title" name="title" defaultValue={lesson?.title} maxLength={160} error={fieldError("title")} />
      <Field
        label="Lesson slug"
        name="slug"
        defaultValue={lesson?.slug}
        maxLength={80}
        error={fieldError("slug")}
        hint="Unique in the course."
      />
      <Field
        label="Minutes"
        name="durationMinutes"
        type="number"
        inputMode="numeric"
        defaultValue={lesson ? String(lesson.durationMinutes) : "15"}
        error={fieldError("durationMinutes")}
      />
      <TextareaField
        label="Lesson text"
        name="body"
        rows={6}
        defaultValue={lesson?.body}
        error={fieldError("body")}
        hint="Markdown."
        className="sm:col-span-3"
      />
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-3">
        <input type="checkbox" name="isPreview" defaultChecked={lesson?.isPreview} className="h-5 w-5 accent-[var(--brand)]" />
        Free preview (open to anyone from the course page)
      </label>
    </div>
  );
}

function LessonItem({ lesson: l, first, last }: { lesson: TLesson; first: boolean; last: boolean }) {
  return (
    <li className="rounded-lg bg-surface-2 p-3" data-testid="lesson">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-words">
          {l.title}{" "}
          <span className="text-xs text-muted">
            · {l.durationMinutes} min{l.isPreview ? " · preview" : ""}
            {l.videoPath ? " · video" : " · text only"}
            {l.quiz ? ` · quiz (${l.quiz.questions.length})` : ""}
          </span>
        </p>
        <div className="flex flex-wrap gap-1">
          <MoveButtons intent="lesson-move" id={l.id} name={`lesson ${l.title}`} first={first} last={last} />
          <ActionButton
            intent="lesson-delete"
            hidden={{ lessonId: l.id }}
            label={`Delete lesson ${l.title}`}
            tone="ghost"
            confirm="Delete this lesson, its files and its quiz?"
          >
            Delete
          </ActionButton>
        </div>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand">Edit {l.title}</summary>
        <div className="mt-3 space-y-5">
          <ActionForm intent="lesson-edit" hidden={{ lessonId: l.id }} label={`Edit lesson ${l.title}`}>
            {({ fieldError, busy }) => (
              <>
                <LessonFields lesson={l} fieldError={fieldError} />
                <SubmitButton busy={busy} tone="primary">
                  Save lesson
                </SubmitButton>
              </>
            )}
          </ActionForm>

          <div className="space-y-2">
            <h4 className="font-semibold">Video</h4>
            {l.videoPath ? (
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-mono break-all text-muted">{l.videoPath}</span>
                <ActionButton
                  intent="video-remove"
                  hidden={{ lessonId: l.id }}
                  label={`Remove the video of ${l.title}`}
                  tone="ghost"
                  confirm="Remove this video?"
                >
                  Remove
                </ActionButton>
              </p>
            ) : (
              <p className="text-sm text-muted">No video: the lesson is text only.</p>
            )}
            <ActionForm
              intent="video-upload"
              hidden={{ lessonId: l.id }}
              label={`Upload a video for ${l.title}`}
              upload
              className="flex flex-wrap items-end gap-2"
            >
              {({ fieldError, busy }) => (
                <>
                  <Field
                    label="MP4 or WebM, up to 200 MB"
                    name="video"
                    type="file"
                    accept="video/mp4,video/webm"
                    error={fieldError("video")}
                    className="min-w-0 flex-1"
                  />
                  <SubmitButton busy={busy} tone="outline">
                    {busy ? "Uploading…" : "Upload video"}
                  </SubmitButton>
                </>
              )}
            </ActionForm>
          </div>

          <div className="space-y-2">
            <h4 className="font-semibold">Files</h4>
            <ul className="space-y-1">
              {l.resources.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="break-words">{r.title}</span>
                  <span className="text-xs text-muted">
                    {r.contentType.split("/").pop()} · {Math.max(1, Math.round(r.bytes / 1024)).toLocaleString("en-NG")} KB
                  </span>
                  <ActionButton
                    intent="resource-delete"
                    hidden={{ resourceId: r.id }}
                    label={`Remove file ${r.title}`}
                    tone="ghost"
                    confirm="Remove this file?"
                  >
                    Remove
                  </ActionButton>
                </li>
              ))}
            </ul>
            <ActionForm
              intent="resource-add"
              hidden={{ lessonId: l.id }}
              label={`Add a file to ${l.title}`}
              upload
              className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            >
              {({ fieldError, busy }) => (
                <>
                  <Field label="File title" name="title" maxLength={160} error={fieldError("title")} placeholder="Load calculation sheet" />
                  <Field label="PDF, PNG, JPEG, ZIP, DOCX or XLSX" name="file" type="file" error={fieldError("file")} />
                  <SubmitButton busy={busy} tone="outline">
                    Add file
                  </SubmitButton>
                </>
              )}
            </ActionForm>
          </div>

          <QuizEditor lesson={l} />
        </div>
      </details>
    </li>
  );
}

function QuizEditor({ lesson: l }: { lesson: TLesson }) {
  const quiz = l.quiz;
  return (
    <div className="space-y-3">
      <h4 className="font-semibold">Quiz</h4>
      <ActionForm
        intent="quiz-settings"
        hidden={{ lessonId: l.id }}
        label={`Quiz settings for ${l.title}`}
        className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        {({ fieldError, busy }) => (
          <>
            <Field
              label="Quiz pass mark (%)"
              name="passMarkPct"
              type="number"
              inputMode="numeric"
              defaultValue={String(quiz?.passMarkPct ?? 70)}
              error={fieldError("passMarkPct")}
            />
            <Field
              label="Attempts"
              name="maxAttempts"
              type="number"
              inputMode="numeric"
              defaultValue={quiz?.maxAttempts ? String(quiz.maxAttempts) : ""}
              error={fieldError("maxAttempts")}
              hint="Empty: no limit."
            />
            <SubmitButton busy={busy} tone="outline">
              {quiz ? "Save quiz" : "Make a quiz"}
            </SubmitButton>
          </>
        )}
      </ActionForm>
      {quiz && quiz.questions.length > 0 ? (
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {quiz.questions.map((q) => (
            <li key={q.id}>
              <p className="break-words">{q.prompt}</p>
              <ul className="text-xs text-muted">
                {q.options.map((o, i) => (
                  <li key={i} className={i === q.correctOption ? "font-semibold text-brand" : undefined}>
                    {i + 1}. {o}
                    {i === q.correctOption ? " (correct)" : ""}
                  </li>
                ))}
              </ul>
              <ActionButton
                intent="question-delete"
                hidden={{ questionId: q.id }}
                label={`Delete question ${q.prompt}`}
                tone="ghost"
                confirm="Delete this question?"
              >
                Delete question
              </ActionButton>
              <details>
                <summary className="cursor-pointer text-sm font-semibold text-brand">Edit question</summary>
                <ActionForm
                  intent="question-edit"
                  hidden={{ questionId: q.id }}
                  label={`Edit question ${q.prompt}`}
                  className="mt-2 space-y-2"
                >
                  {({ fieldError, busy }) => (
                    <>
                      <QuestionFields fieldError={fieldError} values={q} />
                      <SubmitButton busy={busy} tone="outline">
                        Save question
                      </SubmitButton>
                    </>
                  )}
                </ActionForm>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand">Add a question</summary>
        <ActionForm intent="question-add" hidden={{ lessonId: l.id }} label={`New question for ${l.title}`} className="mt-2 space-y-2">
          {({ fieldError, busy }) => (
            <>
              <QuestionFields fieldError={fieldError} />
              <SubmitButton busy={busy} tone="outline">
                Add question
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </details>
    </div>
  );
}

function IntakeItem({ intake }: { intake: TIntake }) {
  return (
    <li className="rounded-xl border border-line p-3 sm:p-4" data-testid="intake">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="text-sm">
          <p className="font-medium">Starts {formatLagosDateTime(intake.startsAt)}</p>
          <p className="text-muted">
            Enrolment closes {formatLagosDateTime(intake.enrolmentClosesAt)} · {intake.students} enrolled
            {intake.capacity === null ? " · no seat limit" : ` of ${intake.capacity} seats`}
          </p>
        </div>
        {intake.students === 0 ? (
          <ActionButton
            intent="intake-delete"
            hidden={{ intakeId: intake.id }}
            label={`Delete the intake starting ${formatLagosDateTime(intake.startsAt)}`}
            tone="ghost"
            confirm="Delete this intake?"
          >
            Delete
          </ActionButton>
        ) : null}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand">Edit intake</summary>
        <ActionForm
          intent="intake-edit"
          hidden={{ intakeId: intake.id }}
          label={`Edit the intake starting ${formatLagosDateTime(intake.startsAt)}`}
          className="mt-2 grid gap-3 sm:grid-cols-3 sm:items-start"
        >
          {({ fieldError, busy }) => (
            <>
              <IntakeFields fieldError={fieldError} values={intake} />
              <SubmitButton busy={busy} tone="primary" className="sm:col-span-3 sm:justify-self-start">
                Save intake
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </details>
      {intake.sessions.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm">
          {intake.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <span className="break-words">
                {s.title}: {formatLagosDateTime(s.startsAt)}, {s.durationMinutes} min, <span className="break-all">{s.place}</span>
              </span>
              <ActionButton
                intent="session-delete"
                hidden={{ sessionId: s.id }}
                label={`Delete live session ${s.title}`}
                tone="ghost"
                confirm="Delete this live session?"
              >
                Delete
              </ActionButton>
              <details className="w-full">
                <summary className="cursor-pointer text-sm font-semibold text-brand">Edit {s.title}</summary>
                <ActionForm
                  intent="session-edit"
                  hidden={{ sessionId: s.id }}
                  label={`Edit live session ${s.title}`}
                  className="mt-2 grid gap-2 sm:grid-cols-2"
                >
                  {({ fieldError, busy }) => (
                    <>
                      <SessionFields fieldError={fieldError} values={s} />
                      <SubmitButton busy={busy} tone="outline" className="sm:col-span-2 sm:justify-self-start">
                        Save session
                      </SubmitButton>
                    </>
                  )}
                </ActionForm>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-brand">Add a live session</summary>
        <ActionForm
          intent="session-add"
          hidden={{ intakeId: intake.id }}
          label="New live session"
          className="mt-2 grid gap-2 sm:grid-cols-2"
        >
          {({ fieldError, busy }) => (
            <>
              <SessionFields fieldError={fieldError} values={{ startsAt: intake.startsAt }} />
              <SubmitButton busy={busy} tone="outline" className="sm:col-span-2 sm:justify-self-start">
                Add session
              </SubmitButton>
            </>
          )}
        </ActionForm>
      </details>
    </li>
  );
}

type TFieldErrorOf = (name: string) => string | undefined;

/** The assignment form's fields, empty for a new one or filled to edit one. */
function AssignmentFields({
  fieldError,
  values,
}: {
  fieldError: TFieldErrorOf;
  values?: { title: string; instructions: string; maxScore: number; passScore: number; dueDaysAfterStart: number };
}) {
  return (
    <>
      <Field
        label="Title"
        name="title"
        maxLength={160}
        defaultValue={values?.title}
        error={fieldError("title")}
        className="sm:col-span-3"
      />
      <TextareaField
        label="Instructions"
        name="instructions"
        rows={4}
        defaultValue={values?.instructions}
        error={fieldError("instructions")}
        className="sm:col-span-3"
      />
      <Field
        label="Maximum score"
        name="maxScore"
        type="number"
        inputMode="numeric"
        defaultValue={String(values?.maxScore ?? 100)}
        error={fieldError("maxScore")}
      />
      <Field
        label="Pass score"
        name="passScore"
        type="number"
        inputMode="numeric"
        defaultValue={String(values?.passScore ?? 60)}
        error={fieldError("passScore")}
      />
      <Field
        label="Due (days after start)"
        name="dueDaysAfterStart"
        type="number"
        inputMode="numeric"
        defaultValue={String(values?.dueDaysAfterStart ?? 14)}
        error={fieldError("dueDaysAfterStart")}
      />
    </>
  );
}

/** The intake form's fields (Lagos time). */
function IntakeFields({
  fieldError,
  values,
}: {
  fieldError: TFieldErrorOf;
  values?: { startsAt: Date | string; enrolmentClosesAt: Date | string; capacity: number | null };
}) {
  return (
    <>
      <Field
        label="Starts"
        name="startsAt"
        type="datetime-local"
        defaultValue={values ? instantToLagosLocal(values.startsAt) : undefined}
        error={fieldError("startsAt")}
      />
      <Field
        label="Enrolment closes"
        name="enrolmentClosesAt"
        type="datetime-local"
        defaultValue={values ? instantToLagosLocal(values.enrolmentClosesAt) : undefined}
        error={fieldError("enrolmentClosesAt")}
      />
      <Field
        label="Seats"
        name="capacity"
        type="number"
        inputMode="numeric"
        min={1}
        defaultValue={values?.capacity === null || values === undefined ? undefined : String(values.capacity)}
        error={fieldError("capacity")}
        hint="Empty: no limit."
      />
    </>
  );
}

/** A live session's fields; a new one starts at the intake's start. */
function SessionFields({
  fieldError,
  values,
}: {
  fieldError: TFieldErrorOf;
  values: { startsAt: Date | string; title?: string; durationMinutes?: number; place?: string };
}) {
  return (
    <>
      <Field
        label="Session title"
        name="title"
        maxLength={160}
        defaultValue={values.title}
        error={fieldError("title")}
        placeholder="Live Q&A: sizing inverters"
      />
      <Field
        label="Starts"
        name="startsAt"
        type="datetime-local"
        defaultValue={instantToLagosLocal(values.startsAt)}
        error={fieldError("startsAt")}
      />
      <Field
        label="Minutes"
        name="durationMinutes"
        type="number"
        inputMode="numeric"
        defaultValue={String(values.durationMinutes ?? 60)}
        error={fieldError("durationMinutes")}
      />
      <Field
        label="Place or meeting link"
        name="place"
        maxLength={300}
        defaultValue={values.place}
        error={fieldError("place")}
        placeholder="Zavolah Training Centre, Lekki, or https://meet..."
      />
    </>
  );
}

/** A quiz question's fields: the options one per line, the correct one counted from 1. */
function QuestionFields({
  fieldError,
  values,
}: {
  fieldError: TFieldErrorOf;
  values?: { prompt: string; options: string[]; correctOption: number };
}) {
  return (
    <>
      <Field label="Question" name="prompt" maxLength={500} defaultValue={values?.prompt} error={fieldError("prompt")} />
      <TextareaField
        label="Options"
        name="options"
        rows={4}
        defaultValue={values?.options.join("\n")}
        error={fieldError("options")}
        hint="2 to 6 options, one per line."
      />
      <Field
        label="Correct option number"
        name="correctOption"
        type="number"
        inputMode="numeric"
        defaultValue={String(values ? values.correctOption + 1 : 1)}
        error={fieldError("correctOption")}
      />
    </>
  );
}
