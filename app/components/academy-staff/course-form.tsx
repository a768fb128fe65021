import { COURSE_CATEGORIES, COURSE_LEVELS } from "@domain/academy/academy";
import { boundField, Field, SelectField, TextareaField, WholeNumberField } from "~/components/ui/field";

// The course's details, shared by "New course" and the course's page (docs/product/academy.md#staff-authoring).

export type TCourseFormValues = Record<string, string | undefined>;

export function CourseFields({ v, errors }: { v: TCourseFormValues; errors: Record<string, string | undefined> }) {
  const field = boundField(v, errors);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Title" {...field("title")} required maxLength={120} className="sm:col-span-2" />
      <Field
        label="Slug"
        {...field("slug")}
        required
        maxLength={80}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        hint="The address: /academy/your-slug. Lowercase letters, digits and hyphens."
        className="sm:col-span-2"
      />
      <TextareaField label="Summary" {...field("summary")} rows={2} required maxLength={300} className="sm:col-span-2" />
      <TextareaField
        label="Description"
        {...field("description")}
        rows={8}
        hint="Markdown: ## headings, **bold**, - lists."
        className="sm:col-span-2"
      />
      <SelectField label="Category" {...field("category", "solar")} options={Object.entries(COURSE_CATEGORIES)} />
      <SelectField label="Level" {...field("level", "beginner")} options={Object.entries(COURSE_LEVELS)} />
      <WholeNumberField label="Length in weeks" {...field("durationWeeks", "4")} min={1} max={104} required />
      <WholeNumberField label="Hours a week" {...field("hoursPerWeek", "4")} min={1} max={80} required />
      <Field label="Price in naira" {...field("price", "0")} inputMode="decimal" required hint="Like 75,000. 0 makes the course free." />
      <WholeNumberField
        label="Pass mark (%)"
        {...field("passMarkPct", "60")}
        required
        hint="0 to 100: the average quiz and assignment score a certificate needs."
      />
      <Field label="Instructor's name" {...field("instructorName")} required maxLength={120} />
      <Field label="Instructor's title" {...field("instructorTitle")} maxLength={120} placeholder="Lead Solar Engineer" />
      <TextareaField label="Instructor's biography" {...field("instructorBio")} rows={3} maxLength={2000} className="sm:col-span-2" />
      <TextareaField
        label="Outcomes"
        {...field("outcomes")}
        rows={4}
        hint="What the student will be able to do, one per line."
        className="sm:col-span-2"
      />
    </div>
  );
}
