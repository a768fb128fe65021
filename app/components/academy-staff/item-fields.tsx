import { instantToLagosLocal } from "@domain/time/lagos-time";
import type { TFieldErrorOf } from "~/components/academy-staff/item-editor";
import { Field, TextareaField, WholeNumberField } from "~/components/ui/field";

// The fields of each item of the course page, empty for a new one or filled to edit one; the item editor
// (item-editor.tsx) gives them their form.

/** A lesson's fields. */
export function LessonFields({
  fieldError,
  values,
}: {
  fieldError: TFieldErrorOf;
  values?: { title: string; slug: string; durationMinutes: number; body: string; isPreview: boolean };
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr]">
      <Field label="Lesson title" name="title" defaultValue={values?.title} maxLength={160} error={fieldError("title")} />
      <Field
        label="Lesson slug"
        name="slug"
        defaultValue={values?.slug}
        maxLength={80}
        error={fieldError("slug")}
        hint="Unique in the course."
      />
      <WholeNumberField
        label="Minutes"
        name="durationMinutes"
        defaultValue={values ? String(values.durationMinutes) : "15"}
        error={fieldError("durationMinutes")}
      />
      <TextareaField
        label="Lesson text"
        name="body"
        rows={6}
        defaultValue={values?.body}
        error={fieldError("body")}
        hint="Markdown."
        className="sm:col-span-3"
      />
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium sm:col-span-3">
        <input type="checkbox" name="isPreview" defaultChecked={values?.isPreview} className="h-5 w-5 accent-[var(--brand)]" />
        Free preview (open to anyone from the course page)
      </label>
    </div>
  );
}

/** The assignment form's fields, empty for a new one or filled to edit one. */
export function AssignmentFields({
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
      <WholeNumberField
        label="Maximum score"
        name="maxScore"
        defaultValue={String(values?.maxScore ?? 100)}
        error={fieldError("maxScore")}
      />
      <WholeNumberField
        label="Pass score"
        name="passScore"
        defaultValue={String(values?.passScore ?? 60)}
        error={fieldError("passScore")}
      />
      <WholeNumberField
        label="Due (days after start)"
        name="dueDaysAfterStart"
        defaultValue={String(values?.dueDaysAfterStart ?? 14)}
        error={fieldError("dueDaysAfterStart")}
      />
    </>
  );
}

/** The intake form's fields (Lagos time). */
export function IntakeFields({
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
      <WholeNumberField
        label="Seats"
        name="capacity"
        min={1}
        defaultValue={values?.capacity === null || values === undefined ? undefined : String(values.capacity)}
        error={fieldError("capacity")}
        hint="Empty: no limit."
      />
    </>
  );
}

/** A live session's fields; a new one starts at the intake's start. */
export function SessionFields({
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
      <WholeNumberField
        label="Minutes"
        name="durationMinutes"
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
export function QuestionFields({
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
      <WholeNumberField
        label="Correct option number"
        name="correctOption"
        defaultValue={String(values ? values.correctOption + 1 : 1)}
        error={fieldError("correctOption")}
      />
    </>
  );
}
