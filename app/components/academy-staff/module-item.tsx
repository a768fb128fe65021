import type { TLessonView, TModuleView } from "~/components/academy-staff/course-view";
import { AcademyItemEditor, AddItemForm, MoveButtons } from "~/components/academy-staff/item-editor";
import { LessonFields } from "~/components/academy-staff/item-fields";
import { LessonFiles, LessonVideo } from "~/components/academy-staff/lesson-materials";
import { QuizEditor } from "~/components/academy-staff/quiz-editor";
import { Field } from "~/components/ui/field";

// A module of the syllabus and its lessons (docs/product/academy.md#staff-authoring).

export function ModuleItem({ module: m, first, last }: { module: TModuleView; first: boolean; last: boolean }) {
  return (
    <AcademyItemEditor
      className="rounded-xl border border-line p-3 sm:p-4"
      testId="module"
      lineClassName="flex flex-wrap items-end gap-2"
      tools={<MoveButtons intent="module-move" id={m.id} name={`module ${m.title}`} first={first} last={last} />}
      remove={
        m.lessons.length === 0
          ? { intent: "module-delete", hidden: { moduleId: m.id }, label: `Delete module ${m.title}`, confirm: "Delete this module?" }
          : null
      }
      edit={{
        intent: "module-rename",
        hidden: { moduleId: m.id },
        label: `Rename module ${m.title}`,
        className: "flex min-w-0 flex-1 flex-wrap items-end gap-2",
        fields: (fieldError) => (
          <Field
            key={m.title}
            label="Module title"
            name="title"
            defaultValue={m.title}
            maxLength={120}
            error={fieldError("title")}
            className="min-w-0 flex-1"
          />
        ),
        submit: "Rename",
        tone: "outline",
      }}
    >
      <ol className="mt-3 space-y-2">
        {m.lessons.map((l, i) => (
          <LessonItem key={l.id} lesson={l} first={i === 0} last={i === m.lessons.length - 1} />
        ))}
      </ol>
      <AddItemForm
        summary={`Add a lesson to ${m.title}`}
        toggleClassName="mt-3"
        intent="lesson-add"
        hidden={{ moduleId: m.id }}
        label={`New lesson in ${m.title}`}
        className="mt-3 space-y-3"
        fields={(fieldError) => <LessonFields fieldError={fieldError} />}
        submit="Add lesson"
      />
    </AcademyItemEditor>
  );
}

function LessonItem({ lesson: l, first, last }: { lesson: TLessonView; first: boolean; last: boolean }) {
  return (
    <AcademyItemEditor
      className="rounded-lg bg-surface-2 p-3"
      testId="lesson"
      lineClassName="flex flex-wrap items-center justify-between gap-2"
      shown={
        <p className="min-w-0 text-sm font-medium break-words">
          {l.title}{" "}
          <span className="text-xs text-muted">
            · {l.durationMinutes} min{l.isPreview ? " · preview" : ""}
            {l.videoPath ? " · video" : " · text only"}
            {l.quiz ? ` · quiz (${l.quiz.questions.length})` : ""}
          </span>
        </p>
      }
      tools={<MoveButtons intent="lesson-move" id={l.id} name={`lesson ${l.title}`} first={first} last={last} />}
      remove={{
        intent: "lesson-delete",
        hidden: { lessonId: l.id },
        label: `Delete lesson ${l.title}`,
        confirm: "Delete this lesson, its files and its quiz?",
      }}
      edit={{
        summary: `Edit ${l.title}`,
        toggleClassName: "mt-2",
        intent: "lesson-edit",
        hidden: { lessonId: l.id },
        label: `Edit lesson ${l.title}`,
        fields: (fieldError) => <LessonFields values={l} fieldError={fieldError} />,
        submit: "Save lesson",
        beside: (
          <>
            <LessonVideo lesson={l} />
            <LessonFiles lesson={l} />
            <QuizEditor lesson={l} />
          </>
        ),
      }}
    />
  );
}
