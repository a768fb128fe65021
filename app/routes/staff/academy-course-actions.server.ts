import type { TViewer } from "@domain/access/roles";
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
import { addAssignment } from "@server/academy/add-assignment";
import { addIntake } from "@server/academy/add-intake";
import { addLesson } from "@server/academy/add-lesson";
import { addLessonResource } from "@server/academy/add-lesson-resource";
import { addLiveSession } from "@server/academy/add-live-session";
import { addModule } from "@server/academy/add-module";
import { addQuizQuestion } from "@server/academy/add-quiz-question";
import { courseOfItem, type TCourseItem } from "@server/academy/course-of-item";
import { deleteAssignment } from "@server/academy/delete-assignment";
import { deleteIntake } from "@server/academy/delete-intake";
import { deleteLesson } from "@server/academy/delete-lesson";
import { deleteLessonResource } from "@server/academy/delete-lesson-resource";
import { deleteLiveSession } from "@server/academy/delete-live-session";
import { deleteModule } from "@server/academy/delete-module";
import { deleteQuizQuestion } from "@server/academy/delete-quiz-question";
import { moveLesson } from "@server/academy/move-lesson";
import { moveModule } from "@server/academy/move-module";
import { removeLessonVideo } from "@server/academy/remove-lesson-video";
import { renameModule } from "@server/academy/rename-module";
import { saveQuizSettings } from "@server/academy/save-quiz-settings";
import { setCourseStatus } from "@server/academy/set-course-status";
import { updateAssignment } from "@server/academy/update-assignment";
import { updateCourse } from "@server/academy/update-course";
import { updateIntake } from "@server/academy/update-intake";
import { updateLesson } from "@server/academy/update-lesson";
import { updateLiveSession } from "@server/academy/update-live-session";
import { updateQuizQuestion } from "@server/academy/update-quiz-question";
import { uploadLessonVideo } from "@server/academy/upload-lesson-video";
import type { TPageIntents } from "~/http/page-intents.server";
import { oneFile } from "~/http/request-input.server";

// The course editor's forms (app/routes/staff/academy-course.tsx, docs/product/academy.md#staff-authoring), one
// intent each. The page's action has checked the caller is staff and that the item named is of its course.

/** What the course page's action knows: who asks, the course in the address, and the submitted form (its files). */
export type TCoursePage = { staff: TViewer; courseId: string; form: FormData };

const COURSE_FORM_FIELDS = Object.keys(ZCourseFields.shape);
const LESSON_FIELDS = ["title", "slug", "durationMinutes", "body"];
const QUESTION_FIELDS = ["prompt", "options", "correctOption"];
const ASSIGNMENT_FIELDS = ["title", "instructions", "maxScore", "passScore", "dueDaysAfterStart"];
const INTAKE_FIELDS = ["startsAt", "enrolmentClosesAt", "capacity"];
const SESSION_FIELDS = ["title", "startsAt", "durationMinutes", "place"];

export const COURSE_INTENTS: TPageIntents<TCoursePage> = {
  // The course itself: its id comes from the address, never from the form.
  course: (fields, { staff, courseId }) =>
    parseThen(ZCourseEdit, { ...fields, courseId }, COURSE_FORM_FIELDS, (input) => updateCourse(staff, input)),
  status: (fields, { staff, courseId }) =>
    parseThen(ZCourseStatusChange, { ...fields, courseId }, [], (input) => setCourseStatus(staff, input)),

  "module-add": (fields, { staff, courseId }) =>
    parseThen(ZModuleNew, { ...fields, courseId }, ["title"], (input) => addModule(staff, input)),
  "module-rename": (fields, { staff }) => parseThen(ZModuleRename, fields, ["title"], (input) => renameModule(staff, input)),
  "module-move": (fields, { staff }) => parseThen(ZMove, fields, [], (input) => moveModule(staff, input)),
  "module-delete": (fields, { staff }) => parseThen(ZModuleRef, fields, [], (input) => deleteModule(staff, input)),

  "lesson-add": (fields, { staff }) => parseThen(ZLessonNew, fields, LESSON_FIELDS, (input) => addLesson(staff, input)),
  "lesson-edit": (fields, { staff }) => parseThen(ZLessonEdit, fields, LESSON_FIELDS, (input) => updateLesson(staff, input)),
  "lesson-move": (fields, { staff }) => parseThen(ZMove, fields, [], (input) => moveLesson(staff, input)),
  "lesson-delete": (fields, { staff }) => parseThen(ZLessonRef, fields, [], (input) => deleteLesson(staff, input)),
  "video-upload": (fields, { staff, form }) =>
    parseThen(ZLessonRef, fields, [], (input) => uploadLessonVideo(staff, { ...input, file: oneFile(form, "video") })),
  "video-remove": (fields, { staff }) => parseThen(ZLessonRef, fields, [], (input) => removeLessonVideo(staff, input)),
  "resource-add": (fields, { staff, form }) =>
    parseThen(ZResourceNew, fields, ["title"], (input) => addLessonResource(staff, { ...input, file: oneFile(form, "file") })),
  "resource-delete": (fields, { staff }) => parseThen(ZResourceRef, fields, [], (input) => deleteLessonResource(staff, input)),

  "quiz-settings": (fields, { staff }) =>
    parseThen(ZQuizSettings, fields, ["passMarkPct", "maxAttempts"], (input) => saveQuizSettings(staff, input)),
  "question-add": (fields, { staff }) => parseThen(ZQuizQuestionNew, fields, QUESTION_FIELDS, (input) => addQuizQuestion(staff, input)),
  "question-edit": (fields, { staff }) =>
    parseThen(ZQuizQuestionEdit, fields, QUESTION_FIELDS, (input) => updateQuizQuestion(staff, input)),
  "question-delete": (fields, { staff }) => parseThen(ZQuizQuestionRef, fields, [], (input) => deleteQuizQuestion(staff, input)),

  "assignment-add": (fields, { staff, courseId }) =>
    parseThen(ZAssignmentNew, { ...fields, courseId }, ASSIGNMENT_FIELDS, (input) => addAssignment(staff, input)),
  "assignment-edit": (fields, { staff }) =>
    parseThen(ZAssignmentEdit, fields, ASSIGNMENT_FIELDS, (input) => updateAssignment(staff, input)),
  "assignment-delete": (fields, { staff }) => parseThen(ZAssignmentRef, fields, [], (input) => deleteAssignment(staff, input)),

  "intake-add": (fields, { staff, courseId }) =>
    parseThen(ZIntakeNew, { ...fields, courseId }, INTAKE_FIELDS, (input) => addIntake(staff, input)),
  "intake-edit": (fields, { staff }) => parseThen(ZIntakeEdit, fields, INTAKE_FIELDS, (input) => updateIntake(staff, input)),
  "intake-delete": (fields, { staff }) => parseThen(ZIntakeRef, fields, [], (input) => deleteIntake(staff, input)),

  "session-add": (fields, { staff }) => parseThen(ZLiveSessionNew, fields, SESSION_FIELDS, (input) => addLiveSession(staff, input)),
  "session-edit": (fields, { staff }) => parseThen(ZLiveSessionEdit, fields, SESSION_FIELDS, (input) => updateLiveSession(staff, input)),
  "session-delete": (fields, { staff }) => parseThen(ZLiveSessionRef, fields, [], (input) => deleteLiveSession(staff, input)),
};

/** Which id field each intent names, and what it is. */
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
export async function notOfThisCourse(fields: Record<string, string>, courseParam: string) {
  const intent = fields.intent ?? "";
  // Own keys only: "toString" names no item (and reaches runPageIntent, which refuses it).
  const item = Object.hasOwn(ITEM_OF_INTENT, intent) ? ITEM_OF_INTENT[intent] : undefined;
  if (!item) return null;
  const [field, kind] = item;
  // An id that does not parse belongs to no course.
  const itemId = idOrNull(kind, fields[field]);
  const courseId = idOrNull("course", courseParam);
  const owner = itemId === null ? null : await courseOfItem(kind, itemId);
  if (owner !== null && owner === courseId) return null;
  return refuse("not_found", `That ${kind === "session" ? "live session" : kind} is not part of this course.`);
}
