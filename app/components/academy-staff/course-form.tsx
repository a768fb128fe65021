import { COURSE_CATEGORIES, COURSE_LEVELS } from "@domain/academy/academy";
import { Field, SelectField, TextareaField, WholeNumberField } from "~/components/ui/field";

// The course's details, shared by "New course" and the course's page (docs/product/academy.md#staff-authoring).

export type TCourseFormValues = Record<string, string | undefined>;

export function CourseFields({ v, errors }: { v: TCourseFormValues; errors: Record<string, string | undefined> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Title" name="title" defaultValue={v.title} error={errors.title} required maxLength={120} className="sm:col-span-2" />
      <Field
        label="Slug"
        name="slug"
        defaultValue={v.slug}
        error={errors.slug}
        required
        maxLength={80}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        hint="The address: /academy/your-slug. Lowercase letters, digits and hyphens."
        className="sm:col-span-2"
      />
      <TextareaField
        label="Summary"
        name="summary"
        rows={2}
        defaultValue={v.summary}
        error={errors.summary}
        required
        maxLength={300}
        className="sm:col-span-2"
      />
      <TextareaField
        label="Description"
        name="description"
        rows={8}
        defaultValue={v.description}
        error={errors.description}
        hint="Markdown: ## headings, **bold**, - lists."
        className="sm:col-span-2"
      />
      <SelectField
        label="Category"
        name="category"
        defaultValue={v.category ?? "solar"}
        error={errors.category}
        options={Object.entries(COURSE_CATEGORIES)}
      />
      <SelectField
        label="Level"
        name="level"
        defaultValue={v.level ?? "beginner"}
        error={errors.level}
        options={Object.entries(COURSE_LEVELS)}
      />
      <WholeNumberField
        label="Length in weeks"
        name="durationWeeks"
        min={1}
        max={104}
        defaultValue={v.durationWeeks ?? "4"}
        error={errors.durationWeeks}
        required
      />
      <WholeNumberField
        label="Hours a week"
        name="hoursPerWeek"
        min={1}
        max={80}
        defaultValue={v.hoursPerWeek ?? "4"}
        error={errors.hoursPerWeek}
        required
      />
      <Field
        label="Price in naira"
        name="price"
        inputMode="decimal"
        defaultValue={v.price ?? "0"}
        error={errors.price}
        required
        hint="Like 75,000. 0 makes the course free."
      />
      <WholeNumberField
        label="Pass mark (%)"
        name="passMarkPct"
        defaultValue={v.passMarkPct ?? "60"}
        error={errors.passMarkPct}
        required
        hint="0 to 100: the average quiz and assignment score a certificate needs."
      />
      <Field
        label="Instructor's name"
        name="instructorName"
        defaultValue={v.instructorName}
        error={errors.instructorName}
        required
        maxLength={120}
      />
      <Field
        label="Instructor's title"
        name="instructorTitle"
        defaultValue={v.instructorTitle}
        error={errors.instructorTitle}
        maxLength={120}
        placeholder="Lead Solar Engineer"
      />
      <TextareaField
        label="Instructor's biography"
        name="instructorBio"
        rows={3}
        defaultValue={v.instructorBio}
        error={errors.instructorBio}
        maxLength={2000}
        className="sm:col-span-2"
      />
      <TextareaField
        label="Outcomes"
        name="outcomes"
        rows={4}
        defaultValue={v.outcomes}
        error={errors.outcomes}
        hint="What the student will be able to do, one per line."
        className="sm:col-span-2"
      />
    </div>
  );
}
